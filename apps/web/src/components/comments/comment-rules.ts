import type { CommentView } from '@civitas/contract';
import { inputLimits, normalizeText, textLength, trimText } from '@civitas/contract/routes-table';

/** How many more characters the comment may have, counted as the server counts them (negative when over). */
export const commentRemaining = (text: string): number =>
  inputLimits.commentMaxLength - textLength(trimText(normalizeText(text)));

/** Whether there is anything to send: the server trims the text and refuses an empty one. */
export const hasWords = (text: string): boolean => trimText(normalizeText(text)).length > 0;

/** The counter shows from here on: far from the limit it would only be noise. */
export const COUNTER_FROM = 100;

/** A thread: a comment on the post and the replies under it, in the server's order. */
export interface Thread {
  comment: CommentView;
  replies: CommentView[];
}

/**
 * The loaded comments as threads. A reply whose first comment is not among them (it cannot be, in the server's
 * order, but a list patched in the browser may briefly hold one) stands as a thread of its own rather than vanish.
 */
export function threadsOf(comments: readonly CommentView[]): Thread[] {
  const threads: Thread[] = [];
  const byId = new Map<string, Thread>();
  for (const comment of comments) {
    const parent = comment.parentId ? byId.get(comment.parentId) : undefined;
    if (parent) {
      parent.replies.push(comment);
      continue;
    }
    const thread = { comment, replies: [] };
    threads.push(thread);
    byId.set(comment.id, thread);
  }
  return threads;
}
