import { describe, expect, it } from 'vitest';
import { keptMentionIds, mentionsUsername } from './kept-mentions';

const bob = { id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70', username: 'bob', displayName: 'Bob Baker' };
const carol = { id: '0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f71', username: 'Carol', displayName: 'Carol Krause' };

describe('mentions kept by an edited caption', () => {
  it('keeps the mentions whose @username is still in the text, in their order', () => {
    expect(keptMentionIds([bob, carol], 'With @carol and @bob.')).toEqual([bob.id, carol.id]);
  });

  it('drops a mention whose name was removed from the text', () => {
    expect(keptMentionIds([bob, carol], 'Just @carol now')).toEqual([carol.id]);
    expect(keptMentionIds([bob], 'no one')).toEqual([]);
  });

  it('matches names regardless of case', () => {
    expect(mentionsUsername('hi @BOB!', 'bob')).toBe(true);
  });

  it('does not take a longer name or an email address for the mention', () => {
    expect(mentionsUsername('hi @bobby', 'bob')).toBe(false);
    expect(mentionsUsername('write to me@bob', 'bob')).toBe(false);
    expect(mentionsUsername('me@bob and @bob', 'bob')).toBe(true);
    expect(mentionsUsername('bob', 'bob')).toBe(false);
  });
});
