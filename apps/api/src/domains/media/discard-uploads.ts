import type { AppContext } from '../../context.js';
import type { UploadKindValue } from '../../db/tables/uploads.js';

/** The ids of a post's uploads still open (of one kind, or all). */
export async function openUploadIds(ctx: AppContext, postId: string, kind?: UploadKindValue): Promise<Set<string>> {
  let query = ctx.db.selectFrom('uploads').select('id').where('post_id', '=', postId).where('status', '=', 'initiated');
  if (kind) query = query.where('kind', '=', kind);
  return new Set((await query.execute()).map((row) => row.id));
}

/** Aborts a post's uploads still open (of one kind, or all), deleting their parts. */
export async function discardOpenUploads(ctx: AppContext, postId: string, kind?: UploadKindValue): Promise<void> {
  for (const id of await openUploadIds(ctx, postId, kind)) {
    await ctx.db
      .updateTable('uploads')
      .set({ status: 'aborted', updated_at: ctx.now() })
      .where('id', '=', id)
      .where('status', '=', 'initiated')
      .execute();
    await ctx.media.uploads.discard(id);
  }
}

/** Deletes the stored bytes of every upload of a post (after processing, or when it fails). */
export async function discardUploadBytes(ctx: AppContext, postId: string): Promise<void> {
  const uploads = await ctx.db.selectFrom('uploads').select('id').where('post_id', '=', postId).execute();
  for (const { id } of uploads) await ctx.media.uploads.discard(id);
}
