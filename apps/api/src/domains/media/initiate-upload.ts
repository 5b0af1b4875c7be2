import { initiateUpload } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import { AppError, badRequest, conflict, tooManyRequests } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { isoTime } from '../posts/present.js';
import { discardOpenUploads, openUploadIds } from './discard-uploads.js';
import { loadUploadablePost } from './upload-post.js';
import { assertDeclaredFileFits, assertKindFits, isVideoKind, partLayout, partSizeOf } from './upload-rules.js';
import { recentUploads } from './upload-store.js';
import { videoToolsReady } from './video-tools.js';

/** The per-citizen upload rate and daily byte quota (UPLOADS_PER_30_MINUTES, UPLOAD_DAILY_BYTES). */
async function assertWithinQuota(
  ctx: AppContext,
  citizenId: string,
  fileSize: number,
  replacing: ReadonlySet<string>,
): Promise<void> {
  const recent = await recentUploads(ctx, citizenId, replacing);
  const now = ctx.now();
  if (recent.lastHalfHour >= ctx.config.UPLOADS_PER_30_MINUTES) {
    const retryAfter = ((recent.oldestInHalfHour ?? now) + 30 * 60_000 - now) / 1000;
    throw tooManyRequests(
      'UPLOAD_RATE_LIMITED',
      `You have started ${recent.lastHalfHour} uploads in 30 minutes; try again in ${Math.ceil(retryAfter / 60)} minutes`,
      retryAfter,
    );
  }
  if (recent.dayBytes + fileSize > ctx.config.UPLOAD_DAILY_BYTES) {
    const retryAfter = ((recent.oldestInDay ?? now) + 24 * 60 * 60_000 - now) / 1000;
    throw tooManyRequests(
      'UPLOAD_QUOTA_EXCEEDED',
      `This upload would pass your daily limit of ${Math.round(ctx.config.UPLOAD_DAILY_BYTES / 1024 / 1024)} MiB; try again in ${Math.ceil(retryAfter / 3600)} hours`,
      retryAfter,
    );
  }
}

/**
 * Starts an upload: the post must be the caller's and still waiting for its media; the item at the position must
 * take the kind (ADR 086); the declared size and type must fit. A newer upload of the same kind at the same position
 * replaces one left open (the author picked another file).
 */
export default defineRoute(initiateUpload, async ({ params, body, caller, ctx }) => {
  const post = await loadUploadablePost(ctx, params.id, caller.citizenId);
  const itemType = post.itemTypes[body.position];
  if (itemType === undefined) {
    const items = post.itemTypes.length;
    throw badRequest(
      'NO_SUCH_ALBUM_ITEM',
      items === 1
        ? 'This post holds one picture or video: its upload is at position 0'
        : `This post holds ${items} pictures and videos: position must be 0 to ${items - 1}`,
    );
  }
  assertKindFits(itemType, params.kind);
  if (post.status !== 'awaiting_upload') {
    throw conflict('POST_ALREADY_UPLOADED', 'This post’s media is already uploaded; create a new post instead');
  }
  assertDeclaredFileFits(params.kind, body.fileSize, body.contentType);
  if (isVideoKind(params.kind) && !(await videoToolsReady(ctx))) {
    throw new AppError(503, 'VIDEO_UNAVAILABLE', 'Video uploads are not available on this server right now');
  }
  // Checked before the open upload it replaces is given up, so a refusal leaves that one as it was.
  const replaced = await openUploadIds(ctx.db, post.id, { kind: params.kind, position: body.position });
  await assertWithinQuota(ctx, caller.citizenId, body.fileSize, new Set(replaced));
  await discardOpenUploads(ctx, { ids: replaced });

  const now = ctx.now();
  const layout = partLayout(body.fileSize);
  const upload = {
    id: newId(now),
    post_id: post.id,
    owner_id: caller.citizenId,
    kind: params.kind,
    position: body.position,
    file_name: body.fileName,
    content_type: body.contentType ?? null,
    file_size: body.fileSize,
    part_size: layout.partSize,
    parts_count: layout.partsCount,
    status: 'initiated' as const,
    created_at: now,
    updated_at: now,
    expires_at: now + ctx.config.UPLOAD_EXPIRY_MS,
  };
  await ctx.db.insertInto('uploads').values(upload).execute();
  const ref = { postId: post.id, uploadId: upload.id, expiresAt: upload.expires_at };
  return {
    uploadId: upload.id,
    creatorsContentId: post.id,
    kind: params.kind,
    position: body.position,
    fileName: body.fileName,
    fileSize: body.fileSize,
    partSize: layout.partSize,
    partsCount: layout.partsCount,
    parts: await Promise.all(
      Array.from({ length: layout.partsCount }, (_, index) =>
        ctx.media.uploads.partTarget(ref, index + 1, partSizeOf(body.fileSize, layout, index + 1)),
      ),
    ),
    expiresAt: isoTime(upload.expires_at),
  };
});
