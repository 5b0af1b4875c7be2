import { errorBodyOf } from '../../client/api/errors';

/** Why a comment was not posted: a reason of the Comments messages (with the server's own words for bad text). */
export type CommentFailure =
  | { key: 'commentsOff' | 'tooFast' | 'replyGone' | 'postGone' }
  | { key: 'invalidText'; detail: string | null }
  | { key: 'blockedMention' }
  /** Anything else is said as every failed call is (the Errors messages). */
  | { key: 'other'; error: unknown };

/** The refusals a comment can meet (createComment's errors, ADR 084), each in words of its own. */
export function commentFailure(error: unknown): CommentFailure {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: unknown };
  const body = errorBodyOf(data);
  if (status === 403 && body?.code === 'COMMENTS_OFF') return { key: 'commentsOff' };
  if (status === 403 && body?.code === 'BLOCKED') return { key: 'blockedMention' };
  if (status === 429) return { key: 'tooFast' };
  if (status === 404 && body?.code === 'COMMENT_NOT_FOUND') return { key: 'replyGone' };
  if (status === 404) return { key: 'postGone' };
  if (status === 400) return { key: 'invalidText', detail: body?.message ?? null };
  return { key: 'other', error };
}
