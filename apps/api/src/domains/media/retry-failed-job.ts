import { access } from 'node:fs/promises';
import type { AppContext } from '../../context.js';
import { itemTypesOf } from '../posts/album.js';
import { completedUploads, mainUploadOf } from './upload-store.js';

export type RetryResult = 'requeued' | 'no-such-job' | 'not-failed' | 'post-not-waiting' | 'upload-gone';

/**
 * Whether the bytes a post's job would process are still stored, every item's (a failed post's are deleted,
 * ADR 009).
 */
async function uploadsStillThere(ctx: AppContext, postId: string, itemTypes: ('image' | 'video')[]): Promise<boolean> {
  const uploads = await completedUploads(ctx, postId);
  for (const [position, type] of itemTypes.entries()) {
    const main = mainUploadOf(uploads[position], type);
    if (!main) return false;
    // Object storage fetches the bytes to a local file here; a missing part or file means they are gone.
    const file = await ctx.media.uploads.assembledFile(main.id, main.parts_count).catch(() => null);
    const there =
      file !== null &&
      (await access(file).then(
        () => true,
        () => false,
      ));
    if (!there) return false;
  }
  return true;
}

/**
 * Sends a failed (dead-lettered) media job back to the queue with fresh attempts, its post back to processing:
 * both in one transaction, the queue's transport told after the commit (the relay covers a failure there). Only
 * while the post still waits for its media and its upload is still stored; otherwise says why not.
 */
export async function retryFailedJob(ctx: AppContext, jobId: string): Promise<RetryResult> {
  const job = await ctx.db
    .selectFrom('media_jobs')
    .select(['id', 'post_id', 'status'])
    .where('id', '=', jobId)
    .executeTakeFirst();
  if (!job) return 'no-such-job';
  if (job.status !== 'failed') return 'not-failed';
  const post = await ctx.db
    .selectFrom('posts')
    .select(['id', 'status', 'media_type', 'more_media'])
    .where('id', '=', job.post_id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!post || (post.status !== 'failed' && post.status !== 'processing')) return 'post-not-waiting';
  if (!(await uploadsStillThere(ctx, post.id, itemTypesOf(post)))) return 'upload-gone';
  const now = ctx.now();
  const requeued = await ctx.db.transaction().execute(async (trx) => {
    if (!(await ctx.media.queue.requeueFailed(trx, job.id, now))) return false;
    await trx
      .updateTable('posts')
      .set({ status: 'processing', updated_at: now })
      .where('id', '=', post.id)
      .where('status', 'in', ['failed', 'processing'])
      .execute();
    return true;
  });
  if (!requeued) return 'not-failed';
  ctx.caches.posts.forget(post.id);
  await ctx.media.queue.dispatch(job.id, post.id).catch(() => {});
  return 'requeued';
}
