import type { FailureCode, PostStatusView } from '@civitas/contract';
import { FailureCode as FailureCodes, ProcessingStage } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { isoTime } from '../posts/present.js';

/** The processing status of one of the caller's posts (ADR 009); 404 for anyone but its author. */
export async function postStatusView(ctx: AppContext, postId: string, citizenId: string): Promise<PostStatusView> {
  const post = await ctx.db
    .selectFrom('posts')
    .select(['id', 'author_id', 'status', 'media_type', 'updated_at'])
    .where('id', '=', postId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!post || post.author_id !== citizenId) throw notFound('POST_NOT_FOUND', 'No such post of yours');
  const job =
    post.status === 'processing' || post.status === 'failed' ? await ctx.media.queue.latestFor(post.id) : null;
  const stage = post.status === 'processing' ? ProcessingStage.safeParse(job?.stage ?? 'queued') : null;
  const failureCode: FailureCode | null =
    post.status === 'failed' ? (FailureCodes.safeParse(job?.failureCode).data ?? 'PROCESSING_FAILED') : null;
  return {
    id: post.id,
    status: post.status,
    mediaType: post.media_type,
    updatedAt: isoTime(post.updated_at),
    stage: stage?.data ?? null,
    percent: post.status === 'processing' ? (job?.percent ?? 0) : post.status === 'ready' ? 100 : null,
    failureCode,
    failureMessage: failureCode
      ? (job?.failureMessage ?? 'We could not process this upload. Please try again with another file.')
      : null,
  };
}
