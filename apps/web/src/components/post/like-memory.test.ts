import { describe, expect, it } from 'vitest';
import { rememberedLike, rememberLike, shownLikes } from './like-memory';

const before = { liked: false, likesCount: 3 };
const after = { liked: true, likesCount: 4 };

describe('like memory (a like over server-rendered likes)', () => {
  it('shows the like while the given likes are still those it was made over', () => {
    expect(shownLikes(before, { base: before, value: after })).toEqual(after);
    expect(shownLikes(before, null)).toEqual(before);
  });

  it('steps aside once the given likes changed (a store copy patched, or a fresh server render)', () => {
    const patched = { liked: true, likesCount: 4 };
    expect(shownLikes(patched, { base: before, value: { liked: true, likesCount: 5 } })).toEqual(patched);
  });

  it('is remembered per post for the tab, and forgotten when taken back', () => {
    rememberLike('post-1', { base: before, value: after });
    expect(rememberedLike('post-1')).toEqual({ base: before, value: after });
    expect(rememberedLike('post-2')).toBeNull();
    rememberLike('post-1', null);
    expect(rememberedLike('post-1')).toBeNull();
  });
});
