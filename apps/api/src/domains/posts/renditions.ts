/** One stored width of a post's picture (a video's cover), as kept in `posts.renditions`. */
export interface ImageRendition {
  width: number;
  height: number;
  uri: string;
}

/** The renditions column (a JSON array written only by media processing and the seed). */
export function parseRenditions(column: string): ImageRendition[] {
  return column === '[]' ? [] : (JSON.parse(column) as ImageRendition[]);
}
