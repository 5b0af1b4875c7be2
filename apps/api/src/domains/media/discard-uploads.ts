import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { UploadKindValue } from '../../db/tables/uploads.js';

/** The ids of a post's uploads still open (of one kind at one position, or all); `db` may be a transaction. */
export async function openUploadIds(
  db: Db,
  postId: string,
  of?: { kind: UploadKindValue; position: number },
): Promise<string[]> {
  let query = db.selectFrom('uploads').select('id').where('post_id', '=', postId).where('status', '=', 'initiated');
  if (of) query = query.where('kind', '=', of.kind).where('position', '=', of.position);
  return (await query.execute()).map((row) => row.id);
}

/** Marks these uploads aborted where still open, in one statement; `db` may be a transaction. */
export async function abortOpenUploads(db: Db, ids: readonly string[], now: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('uploads')
    .set({ status: 'aborted', updated_at: now })
    .where('id', 'in', ids)
    .where('status', '=', 'initiated')
    .execute();
}

/** Aborts these open uploads, or all of a post's, deleting their parts. */
export async function discardOpenUploads(
  ctx: AppContext,
  which: { postId: string } | { ids: readonly string[] },
): Promise<void> {
  const ids = 'ids' in which ? which.ids : await openUploadIds(ctx.db, which.postId);
  await abortOpenUploads(ctx.db, ids, ctx.now());
  for (const id of ids) await ctx.media.uploads.discard(id);
}

/** Deletes the stored bytes of every upload of a post (after processing, or when it fails). */
export async function discardUploadBytes(ctx: AppContext, postId: string): Promise<void> {
  const uploads = await ctx.db.selectFrom('uploads').select('id').where('post_id', '=', postId).execute();
  for (const { id } of uploads) await ctx.media.uploads.discard(id);
}
