import type { UploadKind } from '@civitas/contract';
import { mediaLimits } from '@civitas/contract/routes-table';

/**
 * The media of a post being composed (ADR 086): one item is a single post, two to ten an album. The first item
 * is the album's cover (the post's own `mediaType` and `altText`); the rest go in `moreMedia`, in order.
 */
export interface ComposedItem {
  /** Stable while the item is moved, so its thumbnail and alt-text field keep their state. */
  id: number;
  file: File;
  mediaType: 'image' | 'video';
  altText: string;
  /** A video's cover picture, uploaded at the video's position. */
  cover: File | null;
}

/** Most items a post holds, the contract's. */
export const ALBUM_MAX_ITEMS = mediaLimits.albumMaxItems;

/** The items with `added` appended in order, up to the limit; the files that did not fit are `left`. */
export function addItems(
  items: readonly ComposedItem[],
  added: readonly ComposedItem[],
  max = ALBUM_MAX_ITEMS,
): { items: ComposedItem[]; left: File[] } {
  const room = Math.max(0, max - items.length);
  return { items: [...items, ...added.slice(0, room)], left: added.slice(room).map((item) => item.file) };
}

export const removeItem = (items: readonly ComposedItem[], id: number): ComposedItem[] =>
  items.filter((item) => item.id !== id);

/** The item moved one place earlier (-1) or later (+1); at either end it stays. */
export function moveItem(items: readonly ComposedItem[], id: number, by: -1 | 1): ComposedItem[] {
  const from = items.findIndex((item) => item.id === id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= items.length) return [...items];
  const moved = [...items];
  [moved[from], moved[to]] = [moved[to] as ComposedItem, moved[from] as ComposedItem];
  return moved;
}

/** The item moved to `to` (a drop), the others keeping their order. */
export function moveItemTo(items: readonly ComposedItem[], id: number, to: number): ComposedItem[] {
  const from = items.findIndex((item) => item.id === id);
  if (from < 0) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(Math.max(0, Math.min(to, moved.length)), 0, item as ComposedItem);
  return moved;
}

export const changeAltText = (items: readonly ComposedItem[], id: number, altText: string): ComposedItem[] =>
  items.map((item) => (item.id === id ? { ...item, altText } : item));

const altOf = (item: ComposedItem) => (item.mediaType === 'image' ? item.altText.trim() : '');

/**
 * The create call's media fields: the first item as a single post's (`mediaType`, `altText` when a picture has
 * one), the rest in `moreMedia`. A single item sends no `moreMedia`, so its request is what it always was.
 */
export function mediaRequest(items: readonly ComposedItem[]): {
  mediaType: 'image' | 'video';
  altText?: string;
  moreMedia?: { mediaType: 'image' | 'video'; altText?: string }[];
} {
  const [first, ...rest] = items;
  if (!first) throw new Error('a post needs at least one picture or video');
  const alt = altOf(first);
  return {
    mediaType: first.mediaType,
    ...(alt ? { altText: alt } : {}),
    ...(rest.length > 0
      ? {
          moreMedia: rest.map((item) => {
            const itemAlt = altOf(item);
            return { mediaType: item.mediaType, ...(itemAlt ? { altText: itemAlt } : {}) };
          }),
        }
      : {}),
  };
}

/** One file to upload: an item's picture or video, or a video's cover, at the item's position. */
export interface PlannedUpload {
  file: File;
  kind: UploadKind;
  position: number;
}

/** What a completed upload is remembered by: its position and kind (a video and its cover share a position). */
export const uploadKey = (upload: { position: number; kind: UploadKind }): string =>
  `${upload.position}:${upload.kind}`;

/**
 * The uploads a publish still has to make, covers first: the server starts processing once every item's main
 * upload is complete, so a cover must be there by then. An upload the post already completed with the same
 * file is not sent again.
 */
export function plannedUploads(items: readonly ComposedItem[], completed: ReadonlyMap<string, File>): PlannedUpload[] {
  const covers: PlannedUpload[] = [];
  const mains: PlannedUpload[] = [];
  items.forEach((item, position) => {
    if (item.mediaType === 'video' && item.cover) {
      covers.push({ file: item.cover, kind: 'video-cover-image-upload', position });
    }
    mains.push({ file: item.file, kind: item.mediaType === 'video' ? 'video-upload' : 'image-upload', position });
  });
  return [...covers, ...mains].filter((upload) => completed.get(uploadKey(upload)) !== upload.file);
}

/** The bytes sent so far over all uploads (each upload's latest count), for the one progress bar. */
export function overallProgress(sentByUpload: ReadonlyMap<string, number>, uploads: readonly PlannedUpload[]) {
  const total = uploads.reduce((sum, upload) => sum + upload.file.size, 0);
  let sent = 0;
  for (const upload of uploads) sent += Math.min(upload.file.size, sentByUpload.get(uploadKey(upload)) ?? 0);
  return { sent, total };
}

/**
 * Runs `tasks` with at most `limit` at a time, in order; the first to fail stops any not yet started and is
 * thrown once the running ones have settled.
 */
export async function inParallel<T>(tasks: readonly (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (!failure && next < tasks.length) {
      const at = next;
      next += 1;
      try {
        results[at] = await (tasks[at] as () => Promise<T>)();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}
