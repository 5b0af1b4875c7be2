import type { AlbumItemView } from '@civitas/contract';

/**
 * The `more_media` column (ADR 086): an album's items after the first, as the contract's AlbumItem has them. A JSON
 * array written only by media processing and the seed, read as it was written.
 */
export function parseMoreMedia(column: string): AlbumItemView[] {
  return column === '[]' ? [] : (JSON.parse(column) as AlbumItemView[]);
}

/** The column's text for these items. */
export const moreMediaColumn = (items: readonly AlbumItemView[]): string => JSON.stringify(items);

/**
 * An album's item as it waits for its upload, in the column's shape: its kind and alternative text, nothing
 * processed yet. Publishing writes each processed item in its place (media/publish.ts).
 */
export const awaitedItem = (item: { mediaType: 'image' | 'video'; altText?: string | null | undefined }) => ({
  mediaType: item.mediaType,
  media: {
    status: 'awaiting_upload' as const,
    renditions: [],
    placeholder: null,
    imageUri: null,
    coverImageUri: null,
    videoUri: null,
    hlsUri: null,
    width: null,
    height: null,
    altText: item.altText || null,
  },
});

/** Every item's kind, the first (the post's own) first: an upload's position indexes it. */
export const itemTypesOf = (post: { media_type: 'image' | 'video'; more_media: string }): ('image' | 'video')[] => [
  post.media_type,
  ...parseMoreMedia(post.more_media).map((item) => item.mediaType),
];

/**
 * The album's later items as a reader sees them: as stored once the post is ready; before, each waits as the
 * post does (uploading, processing, failed), since one job processes them all and publishes them together.
 */
export function moreMediaOf(post: { more_media: string; status: AlbumItemView['media']['status'] }): AlbumItemView[] {
  const items = parseMoreMedia(post.more_media);
  if (post.status === 'ready') return items;
  return items.map((item) => ({ ...item, media: { ...item.media, status: post.status } }));
}
