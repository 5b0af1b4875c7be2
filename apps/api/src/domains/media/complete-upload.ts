import { completeUpload } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { increment } from '../../db/counters.js';
import type { Db } from '../../db/database.js';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { MediaRejected } from '../../media/media-rejected.js';
import { itemTypesOf } from '../posts/album.js';
import { lockPost } from '../posts/lock-post.js';
import { abortOpenUploads, openUploadIds } from './discard-uploads.js';
import { inspectUpload } from './inspect-upload.js';
import { postStatusView } from './post-status.js';
import { partSizeOf } from './upload-rules.js';
import { loadOwnUpload, moveUpload, type UploadRow } from './upload-store.js';

/** Which parts are missing or the wrong size: the parts must add up to exactly the declared file. */
async function assertAllPartsReceived(ctx: AppContext, upload: UploadRow): Promise<void> {
  const layout = { partSize: upload.part_size, partsCount: upload.parts_count };
  const received = new Map((await ctx.media.uploads.listParts(upload.id)).map((part) => [part.partNumber, part.size]));
  const missing: number[] = [];
  for (let part = 1; part <= upload.parts_count; part += 1) {
    if (received.get(part) !== partSizeOf(upload.file_size, layout, part)) missing.push(part);
  }
  if (missing.length > 0) {
    const shown = missing.slice(0, 20).join(', ');
    throw badRequest(
      'UPLOAD_INCOMPLETE',
      `The parts do not add up to ${upload.file_size} bytes: part${missing.length > 1 ? 's' : ''} ${shown}${missing.length > 20 ? ', …' : ''} missing. Send ${missing.length > 1 ? 'them' : 'it'}, then complete again.`,
    );
  }
}

/**
 * Assembles and checks the bytes; on success the upload is completed and, once every item of the post has its
 * picture or video (ADR 086), processing queued.
 */
async function finish(ctx: AppContext, upload: UploadRow): Promise<void> {
  await assertAllPartsReceived(ctx, upload);
  const path = await ctx.media.uploads.assemble(upload.id, upload.parts_count);
  try {
    await inspectUpload(ctx, upload.kind, path);
  } catch (error) {
    if (!(error instanceof MediaRejected)) throw error;
    // A refused file leaves nothing behind; the post still waits for a file, so the author can send another.
    await moveUpload(ctx, upload.id, 'initiated', 'rejected');
    await ctx.media.uploads.discard(upload.id);
    throw new AppError(error.statusCode, error.code, error.message);
  }
  const now = ctx.now();
  let queued: string | null = null;
  let givenUp: string[] = [];
  const completed = await ctx.db.transaction().execute(async (trx) => {
    // The post's row first: completes of an album's items at once then count each other's uploads in turn.
    await lockPost(trx, upload.post_id);
    const moved = await trx
      .updateTable('uploads')
      .set({ status: 'completed', updated_at: now })
      .where('id', '=', upload.id)
      .where('status', '=', 'initiated')
      .executeTakeFirst();
    if (moved.numUpdatedRows === 0n) return false;
    if (upload.kind === 'video-cover-image-upload') return true; // the video's job picks the cover up
    if (!(await everyItemUploaded(trx, upload.post_id))) return true; // the album waits for its other items
    const started = await trx
      .updateTable('posts')
      .set({ status: 'processing', updated_at: now })
      .where('id', '=', upload.post_id)
      .where('status', '=', 'awaiting_upload')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (started.numUpdatedRows === 0n) return true;
    // Its media has arrived: from now on the post counts on its author (author-count.ts).
    await trx
      .updateTable('citizens')
      .set({ posts_count: increment('posts_count') })
      .where('id', '=', upload.owner_id)
      .execute();
    queued = await ctx.media.queue.enqueue(trx, upload.post_id, now);
    // Processing takes the uploads completed by now: one still open (a video's cover never completed) is given
    // up, so it cannot be filled and kept for as long as the post lives.
    givenUp = await openUploadIds(trx, upload.post_id);
    await abortOpenUploads(trx, givenUp, now);
    return true;
  });
  ctx.caches.posts.forget(upload.post_id);
  // Committed: the job is recorded. Should handing it to the queue fail, the worker's relay does it (ADR 022).
  if (queued) await ctx.media.queue.dispatch(queued, upload.post_id).catch(() => {});
  for (const id of givenUp) await ctx.media.uploads.discard(id);
  if (!completed) {
    // Another instance's complete of the same upload may have won: its bytes are being processed, so they stay.
    const latest = await ctx.db.selectFrom('uploads').select('status').where('id', '=', upload.id).executeTakeFirst();
    if (latest?.status === 'completed') return;
    await ctx.media.uploads.discard(upload.id);
    throw conflict('UPLOAD_NOT_OPEN', 'This upload was aborted meanwhile; start a new one');
  }
}

/** Whether every item of the post has its picture or video uploaded (a video's cover is optional). */
async function everyItemUploaded(trx: Db, postId: string): Promise<boolean> {
  const post = await trx
    .selectFrom('posts')
    .select(['media_type', 'more_media'])
    .where('id', '=', postId)
    .executeTakeFirst();
  if (!post) return false;
  const uploaded = await trx
    .selectFrom('uploads')
    .select('position')
    .distinct()
    .where('post_id', '=', postId)
    .where('status', '=', 'completed')
    .where('kind', 'in', ['image-upload', 'video-upload'])
    .execute();
  return uploaded.length >= itemTypesOf(post).length;
}

/** Completes running per upload, so a second complete sent meanwhile waits for the first instead of racing it. */
const inFlight = new WeakMap<AppContext, Map<string, Promise<void>>>();

export default defineRoute(completeUpload, async ({ params, body, caller, ctx }) => {
  const upload = await loadOwnUpload(ctx, params.id, body.uploadId, caller.citizenId);
  if (upload.kind !== params.kind) throw conflict('WRONG_UPLOAD_KIND', `This upload is a ${upload.kind}`);
  if (upload.status !== 'completed') {
    if (upload.status !== 'initiated') {
      throw conflict('UPLOAD_NOT_OPEN', `This upload was ${upload.status}; start a new one`);
    }
    const running = inFlight.get(ctx) ?? new Map<string, Promise<void>>();
    inFlight.set(ctx, running);
    let pending = running.get(upload.id);
    if (!pending) {
      pending = finish(ctx, upload).finally(() => running.delete(upload.id));
      running.set(upload.id, pending);
    }
    await pending;
  }
  return postStatusView(ctx, params.id, caller.citizenId);
});
