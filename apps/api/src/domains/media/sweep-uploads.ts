import type { AppContext } from '../../context.js';

/**
 * Uploads left open past UPLOAD_EXPIRY_MS (the browser closed, the connection never came back) lose their
 * parts. The post they were for keeps waiting, counted nowhere; the next sweep of posts whose upload never came
 * removes it (posts/sweep-waiting-posts.ts, ADR 064).
 */
export async function sweepExpiredUploads(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const expired = await ctx.db
    .selectFrom('uploads')
    .select('id')
    .where('status', '=', 'initiated')
    .where('expires_at', '<', now)
    .limit(1000)
    .execute();
  for (const { id } of expired) {
    await ctx.db
      .updateTable('uploads')
      .set({ status: 'expired', updated_at: now })
      .where('id', '=', id)
      .where('status', '=', 'initiated')
      .execute();
    await ctx.media.uploads.discard(id);
  }
  await sweepStrayUploadBytes(ctx);
  return expired.length;
}

/**
 * Stored bytes whose upload the database no longer keeps open (a crash between the row and the bucket,
 * a discard that failed, a row removed): deleted once they are older than UPLOAD_EXPIRY_MS. An upload is kept
 * while it is open or completed and its post still processing.
 */
async function sweepStrayUploadBytes(ctx: AppContext): Promise<void> {
  const stored = await ctx.media.uploads.storedUploadsBefore?.(ctx.now() - ctx.config.UPLOAD_EXPIRY_MS);
  for (let start = 0; stored && start < stored.length; start += 500) {
    const batch = stored.slice(start, start + 500);
    const kept = await ctx.db
      .selectFrom('uploads')
      .innerJoin('posts', 'posts.id', 'uploads.post_id')
      .select('uploads.id')
      .where('uploads.id', 'in', batch)
      .where((eb) =>
        eb.or([
          eb('uploads.status', '=', 'initiated'),
          eb.and([eb('uploads.status', '=', 'completed'), eb('posts.status', '=', 'processing')]),
        ]),
      )
      .execute();
    const keep = new Set(kept.map((row) => row.id));
    for (const id of batch) if (!keep.has(id)) await ctx.media.uploads.discard(id);
  }
}
