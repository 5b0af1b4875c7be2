import type { AppContext } from '../../context.js';

export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Uploads left open past UPLOAD_EXPIRY_MS (the browser closed, the connection never came back) lose their
 * parts. The post they were for keeps waiting: its author sees it on their profile and can delete it.
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
  return expired.length;
}

/** Sweeps now and every SWEEP_INTERVAL_MS until the returned function is called. */
export function startUploadSweeper(ctx: AppContext, log: (message: string, error?: unknown) => void): () => void {
  const sweep = () => void sweepExpiredUploads(ctx).catch((error) => log('sweeping uploads failed', error));
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
