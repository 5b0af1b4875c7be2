import type { Cursor } from '../../db/keyset.js';
import { decodeCursor, encodeCursor } from '../../db/keyset.js';

/** Decodes the position a continuation token names for one feed, or undefined at the start. */
export const startAfter = (secret: Buffer, feed: string, token: string | undefined): Cursor | undefined =>
  token === undefined ? undefined : decodeCursor(secret, token, feed);

/** A skeleton page: ids in order and the token after the last row (none on an empty page). */
export function skeletonPage<Row>(
  secret: Buffer,
  feed: string,
  rows: readonly Row[],
  idOf: (row: Row) => string,
  keyOf: (row: Row) => Cursor['key'],
  snapshot?: number,
) {
  const last = rows.at(-1);
  return {
    postIds: rows.map(idOf),
    continuationToken:
      last === undefined
        ? null
        : encodeCursor(secret, { feed, key: keyOf(last), ...(snapshot === undefined ? {} : { snapshot }) }),
  };
}
