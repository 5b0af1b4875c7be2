import { describe, expect, it } from 'vitest';
import {
  canGoBack,
  currentEntry,
  emptyHistory,
  entryOf,
  hrefOf,
  MAX_HISTORY_ENTRIES,
  poppedBack,
  previousEntry,
  pushed,
  replaced,
} from './navigation-history';

const visit = (...urls: string[]) => urls.map(entryOf).reduce(pushed, emptyHistory);

describe('navigation history (docs/product.md §2)', () => {
  it('keeps path, query and hash of each entry', () => {
    expect(entryOf('/post/abc?displayLanguage=de&x=1#comments')).toEqual({
      path: '/post/abc',
      query: 'displayLanguage=de&x=1',
      hash: 'comments',
    });
    expect(hrefOf(entryOf('/post/abc?x=1#c'))).toBe('/post/abc?x=1#c');
    expect(hrefOf(entryOf('/'))).toBe('/');
  });

  it('cannot go back from the first page', () => {
    const history = visit('/');
    expect(canGoBack(history)).toBe(false);
    expect(previousEntry(history)).toBeUndefined();
    expect(canGoBack(emptyHistory)).toBe(false);
  });

  it('can go back after a navigation, to the previous entry', () => {
    const history = visit('/', '/@bob?tab=posts');
    expect(canGoBack(history)).toBe(true);
    expect(previousEntry(history)).toEqual(entryOf('/'));
    expect(currentEntry(history)).toEqual(entryOf('/@bob?tab=posts'));
  });

  it('going back pops the current entry, and never the first one', () => {
    const back = poppedBack(visit('/', '/a', '/b'));
    expect(currentEntry(back)).toEqual(entryOf('/a'));
    expect(previousEntry(back)).toEqual(entryOf('/'));
    const start = poppedBack(poppedBack(back));
    expect(start.entries).toEqual([entryOf('/')]);
  });

  it('arriving again at the current entry adds nothing; a different query or hash does', () => {
    expect(visit('/a', '/a').entries).toHaveLength(1);
    expect(visit('/a', '/a?x=1', '/a?x=1#top').entries).toHaveLength(3);
  });

  it('a replacement swaps the current entry', () => {
    const history = replaced(visit('/', '/a'), entryOf('/b'));
    expect(history.entries).toEqual([entryOf('/'), entryOf('/b')]);
    expect(replaced(emptyHistory, entryOf('/x')).entries).toEqual([entryOf('/x')]);
  });

  it(`keeps the last ${MAX_HISTORY_ENTRIES} entries`, () => {
    const urls = Array.from({ length: MAX_HISTORY_ENTRIES + 5 }, (_, index) => `/p/${index}`);
    const history = visit(...urls);
    expect(history.entries).toHaveLength(MAX_HISTORY_ENTRIES);
    expect(currentEntry(history)).toEqual(entryOf(urls.at(-1) ?? ''));
    expect(history.entries[0]).toEqual(entryOf('/p/5'));
  });
});
