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
