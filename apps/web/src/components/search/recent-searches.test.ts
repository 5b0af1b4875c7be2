import { describe, expect, it } from 'vitest';
import { MOST_RECENT_SEARCHES, parseRecentSearches, withRecentSearch } from './recent-searches';

describe('recent searches', () => {
  it('put the newest first, once, whatever its case, and keep only the most recent', () => {
    let list = withRecentSearch([], { q: 'alice', kind: 'people' });
    list = withRecentSearch(list, { q: 'sunset', kind: 'hashtags' });
    list = withRecentSearch(list, { q: ' ALICE ', kind: 'people' });
    expect(list).toEqual([
      { q: 'ALICE', kind: 'people' },
      { q: 'sunset', kind: 'hashtags' },
    ]);
    // The same words as a hashtag search are another search.
    expect(withRecentSearch(list, { q: 'alice', kind: 'hashtags' })).toHaveLength(3);
    for (let i = 0; i < 20; i++) list = withRecentSearch(list, { q: `q${i}`, kind: 'people' });
    expect(list).toHaveLength(MOST_RECENT_SEARCHES);
    expect(list[0]).toEqual({ q: 'q19', kind: 'people' });
    expect(withRecentSearch(list, { q: '   ', kind: 'people' })).toEqual(list);
  });

  it('read only well-formed entries from storage', () => {
    expect(parseRecentSearches(null)).toEqual([]);
    expect(parseRecentSearches('not json')).toEqual([]);
    expect(parseRecentSearches('{"q":"a"}')).toEqual([]);
    expect(
      parseRecentSearches(
        JSON.stringify([{ q: 'ok', kind: 'people' }, { q: '', kind: 'people' }, { q: 'x', kind: 'places' }, 7]),
      ),
    ).toEqual([{ q: 'ok', kind: 'people' }]);
  });
});
