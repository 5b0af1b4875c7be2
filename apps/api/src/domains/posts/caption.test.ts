import { describe, expect, it } from 'vitest';
import { extractHashtags, extractMentionedUsernames } from './caption.js';

describe('caption parsing', () => {
  it('keeps combining marks inside a tag, in any script', () => {
    expect(extractHashtags('Morning in #जयपुर with #Café and #naïve_art')).toEqual(['जयपुर', 'Café', 'naïve_art']);
  });

  it('ends a tag at punctuation, and ignores anchors and entities', () => {
    expect(extractHashtags('#baking. #bread, a#b https://x.org/#frag &#39;')).toEqual(['baking', 'bread']);
  });

  it('collapses duplicates to their first spelling', () => {
    expect(extractHashtags('#Baking #baking #BAKING')).toEqual(['Baking']);
  });

  it('reads usernames after @, not email addresses', () => {
    expect(extractMentionedUsernames('thanks @alice and @Bob_2, mail me at ana@example.org')).toEqual([
      'alice',
      'Bob_2',
    ]);
  });
});
