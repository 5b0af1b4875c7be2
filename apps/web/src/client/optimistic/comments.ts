import type { CitizenSummary, CommentView } from '@civitas/contract';
import { adjustCount, type Carrier, itemsOf } from './carriers';

/** A post's comments as the infinite query caches them: its pages, each with the post's count and switch. */
export interface CommentPages {
  pages: { data: CommentView[]; commentsCount: number; commentsOff: boolean }[];
}

const PENDING = 'pending:';

/**
 * A comment being sent shows at once under an id of its own, which the server's comment replaces; nothing is
 * answered to or deleted by that id (as a friend request's `pending`).
 */
export const pendingCommentId = (requestId: string): string => `${PENDING}${requestId}`;
export const isPendingComment = (comment: { id: string }): boolean => comment.id.startsWith(PENDING);

/** The thread a comment is in: the id of its first comment (a reply names it, ADR 084). */
export const threadOf = (comment: Pick<CommentView, 'id' | 'parentId'>): string => comment.parentId ?? comment.id;

/** The comment as it shows while it is being sent: my words, unlinked until the server has read them. */
export function pendingComment(
  id: string,
  postId: string,
  author: CitizenSummary,
  text: string,
  parentId: string | null,
  now: number,
): CommentView {
  return {
    id,
    postId,
    parentId,
    author,
    text: { content: text.trim(), mentions: [] },
    hashtags: [],
    createdAt: new Date(now).toISOString(),
    createdAtTimestampInMilliseconds: now,
    canDelete: false,
    moderationDecision: null,
  };
}

/** Only comments no moderator hid are counted (the server's `commentsCount`). */
const counted = (comments: readonly CommentView[]): number =>
  comments.filter((comment) => comment.moderationDecision === null).length;

const moveCount = (carrier: CommentPages, delta: number): void => {
  for (const page of carrier.pages) page.commentsCount = adjustCount(page.commentsCount, delta);
};

/**
 * A new comment where the server will list it: a comment on the post after everything loaded (its thread is
 * the newest), a reply after the last loaded comment of its thread. Pages not loaded yet may hold older
 * comments that belong before it: when they come, the server's copy is the one kept (`commentsInOrder`).
 */
export function addComment(carrier: CommentPages, comment: CommentView): void {
  const last = carrier.pages.at(-1);
  if (!last) return;
  let page = last;
  let at = last.data.length;
  if (comment.parentId) {
    for (const candidate of carrier.pages) {
      candidate.data.forEach((item, index) => {
        if (threadOf(item) !== comment.parentId) return;
        page = candidate;
        at = index + 1;
      });
    }
  }
  page.data.splice(at, 0, comment);
  moveCount(carrier, counted([comment]));
}

/** The server's comment in place of the one shown while it was sent; false when that one is gone. */
export function replaceComment(carrier: CommentPages, id: string, comment: CommentView): boolean {
  for (const page of carrier.pages) {
    const index = page.data.findIndex((item) => item.id === id);
    if (index < 0) continue;
    page.data[index] = comment;
    return true;
  }
  return false;
}

/** A deleted comment leaves at once, with its thread's replies when it is a thread's first comment. */
export function removeComment(carrier: CommentPages, commentId: string): void {
  const leaves = (item: CommentView) => item.id === commentId || item.parentId === commentId;
  const gone: CommentView[] = [];
  for (const page of carrier.pages) {
    const leaving = page.data.filter(leaves);
    if (leaving.length === 0) continue;
    gone.push(...leaving);
    page.data = page.data.filter((item) => !leaves(item));
  }
  if (gone.length > 0) moveCount(carrier, -counted(gone));
}

/** The post's count as its loaded comments have it; null when none are loaded. */
export const keptCountOf = (carrier: CommentPages): number | null => carrier.pages[0]?.commentsCount ?? null;

/** The post a loaded comment is under; null when no loaded page holds it. */
export function postOfComment(carrier: CommentPages, commentId: string): string | null {
  for (const page of carrier.pages) {
    const comment = page.data.find((item) => item.id === commentId);
    if (comment) return comment.postId;
  }
  return null;
}

/** A post or a post overview: both carry one post's comment count (`id` or `contentId`). */
export interface CommentCountCarrier {
  id?: string;
  contentId?: string;
  commentsCount: number;
}

/** The post's count, as its comments list now has it, on every cached copy of the post (cards, overviews). */
export function setCommentsCount(carrier: Carrier<CommentCountCarrier>, postId: string, count: number): void {
  for (const item of itemsOf(carrier)) {
    if ((item.id ?? item.contentId) === postId) item.commentsCount = count;
  }
}

/** The author's switch, on every page (each page carries it). */
export function setCommentsOff(carrier: CommentPages, commentsOff: boolean): void {
  for (const page of carrier.pages) page.commentsOff = commentsOff;
}

/**
 * The loaded comments in the server's order, each once. A comment added here before the pages that come ahead
 * of it were loaded comes again on its own page: that copy, the later one, stands where the server puts it.
 */
export function commentsInOrder(pages: readonly { readonly data: readonly CommentView[] }[]): CommentView[] {
  const all = pages.flatMap((page) => page.data);
  const lastIndex = new Map(all.map((comment, index) => [comment.id, index]));
  return all.filter((comment, index) => lastIndex.get(comment.id) === index);
}
