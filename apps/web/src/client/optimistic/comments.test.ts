import type { CommentView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { comment } from '../testing/fixtures';
import {
  addComment,
  type CommentPages,
  commentsInOrder,
  isPendingComment,
  pendingComment,
  pendingCommentId,
  removeComment,
  replaceComment,
  setCommentsOff,
} from './comments';

const pagesOf = (...pages: CommentView[][]): CommentPages => ({
  pages: pages.map((data) => ({ data, commentsCount: 10, commentsOff: false })),
});
const ids = (carrier: CommentPages) => carrier.pages.map((page) => page.data.map((item) => item.id));
const counts = (carrier: CommentPages) => carrier.pages.map((page) => page.commentsCount);

describe('comments in the cache', () => {
  it('adds a comment on the post after everything loaded, and a reply after its thread’s last loaded comment', () => {
    const first = comment();
    const reply = comment({ parentId: first.id });
    const second = comment();
    const cached = pagesOf([first, reply], [second]);
    const mine = comment();
    addComment(cached, mine);
    expect(ids(cached)).toEqual([
      [first.id, reply.id],
      [second.id, mine.id],
    ]);
    const myReply = comment({ parentId: first.id });
    addComment(cached, myReply);
    expect(ids(cached)).toEqual([
      [first.id, reply.id, myReply.id],
      [second.id, mine.id],
    ]);
    expect(counts(cached)).toEqual([12, 12]);
  });

  it('shows a comment being sent under an id nothing can answer to, then the server’s comment in its place', () => {
    const first = comment();
    const cached = pagesOf([first]);
    const id = pendingCommentId('request-1');
    addComment(cached, pendingComment(id, first.postId, first.author, '  Hi @bob  ', null, 0));
    expect(isPendingComment(cached.pages[0]?.data[1] ?? first)).toBe(true);
    expect(cached.pages[0]?.data[1]?.text).toEqual({ content: 'Hi @bob', mentions: [] });
    const saved = comment({
      text: { content: 'Hi @bob', mentions: [{ id: 'b', username: 'bob', displayName: 'Bob' }] },
    });
    expect(replaceComment(cached, id, saved)).toBe(true);
    expect(ids(cached)).toEqual([[first.id, saved.id]]);
    expect(replaceComment(cached, id, saved)).toBe(false);
  });

  it('removes a thread’s first comment with its replies on every page, and a reply alone', () => {
    const first = comment();
    const replies = [comment({ parentId: first.id }), comment({ parentId: first.id })];
    const hidden = comment({
      parentId: first.id,
      moderationDecision: { action: 'hidden', reason: 'spam', decidedAt: '2025-01-03T00:00:00.000Z' },
    });
    const second = comment();
    const cached = pagesOf([first, replies[0] as CommentView], [replies[1] as CommentView, hidden, second]);
    removeComment(cached, replies[1]?.id ?? '');
    expect(ids(cached)).toEqual([
      [first.id, replies[0]?.id],
      [hidden.id, second.id],
    ]);
    expect(counts(cached)).toEqual([9, 9]);
    // The hidden reply was never counted: two leave the count, three the list.
    removeComment(cached, first.id);
    expect(ids(cached)).toEqual([[], [second.id]]);
    expect(counts(cached)).toEqual([7, 7]);
    removeComment(cached, 'not-here');
    expect(counts(cached)).toEqual([7, 7]);
  });

  it('turns comments off and on on every page', () => {
    const cached = pagesOf([comment()], []);
    setCommentsOff(cached, true);
    expect(cached.pages.map((page) => page.commentsOff)).toEqual([true, true]);
  });

  it('lists each comment once, where the server put it when it came again on a later page', () => {
    const a = comment();
    const mine = comment();
    const b = comment();
    expect(commentsInOrder([{ data: [a, mine] }, { data: [b, mine] }])).toEqual([a, b, mine]);
  });
});
