import type { Selectable } from 'kysely';
import type { AppContext } from '../../context.js';
import type { UploadKindValue, UploadStatusValue, UploadsTable } from '../../db/tables/uploads.js';
import { notFound } from '../../http/errors.js';

export type UploadRow = Selectable<UploadsTable>;

/** An upload of the caller's post, or a 404 for every other identity and for unknown ids. */
export async function loadOwnUpload(
  ctx: AppContext,
  postId: string,
  uploadId: string,
  citizenId: string,
): Promise<UploadRow> {
  const upload = await ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('id', '=', uploadId)
    .where('post_id', '=', postId)
    .executeTakeFirst();
  if (!upload || upload.owner_id !== citizenId) {
    throw notFound('UPLOAD_NOT_FOUND', 'No such upload of yours for this post');
  }
  return upload;
}

/** Moves an upload from one status to another; false when it was no longer in `from` (someone else won). */
export async function moveUpload(
  ctx: AppContext,
  uploadId: string,
  from: UploadStatusValue,
  to: UploadStatusValue,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable('uploads')
    .set({ status: to, updated_at: ctx.now() })
    .where('id', '=', uploadId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A post's completed uploads of one item (ADR 086), by kind. */
export type ItemUploads = Partial<Record<UploadKindValue, UploadRow>>;

/** An item's picture or video upload (a video's cover aside), if it was completed. */
export const mainUploadOf = (item: ItemUploads | undefined, type: 'image' | 'video'): UploadRow | undefined =>
  item?.[type === 'image' ? 'image-upload' : 'video-upload'];

/** The completed uploads of a post by position and kind (the newest of each), for processing. */
export async function completedUploads(ctx: AppContext, postId: string): Promise<ItemUploads[]> {
  const rows = await ctx.db
    .selectFrom('uploads')
    .selectAll()
    .where('post_id', '=', postId)
    .where('status', '=', 'completed')
    .orderBy('id')
    .execute();
  const items: ItemUploads[] = [];
  for (const row of rows) {
    const item = items[row.position] ?? {};
    item[row.kind] = row;
    items[row.position] = item;
  }
  return items;
}

/**
 * What a citizen has started lately: uploads in the last 30 minutes and bytes in the last 24 hours. `replacing`:
 * open uploads this one replaces, whose bytes go with it.
 */
export async function recentUploads(
  ctx: AppContext,
  ownerId: string,
  replacing: ReadonlySet<string> = new Set(),
): Promise<{ lastHalfHour: number; oldestInHalfHour: number | null; dayBytes: number; oldestInDay: number | null }> {
  const now = ctx.now();
  const rows = await ctx.db
    .selectFrom('uploads')
    .select(['id', 'created_at', 'file_size', 'status'])
    .where('owner_id', '=', ownerId)
    .where('created_at', '>', now - 24 * 60 * 60_000)
    .orderBy('created_at')
    .execute();
  const halfHour = rows.filter((row) => row.created_at > now - 30 * 60_000);
  // Refused, aborted and replaced uploads keep no bytes (they still count towards the rate): unless their parts go
  // straight to object storage, whose part addresses stay valid after the upload is given up, so bytes may yet come.
  const bypass = ctx.media.uploads.partsBypassTheServer === true;
  const mayHoldBytes = (row: { id: string; status: UploadStatusValue }): boolean => {
    if (row.status === 'completed') return true;
    if (row.status === 'initiated') return bypass || !replacing.has(row.id);
    return bypass && (row.status === 'aborted' || row.status === 'rejected');
  };
  const kept = rows.filter(mayHoldBytes);
  return {
    lastHalfHour: halfHour.length,
    oldestInHalfHour: halfHour[0]?.created_at ?? null,
    dayBytes: kept.reduce((sum, row) => sum + row.file_size, 0),
    oldestInDay: kept[0]?.created_at ?? null,
  };
}
