import { Id } from '@civitas/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Cursor } from '../../db/keyset.js';
import { decodeCursor, encodeCursor } from '../../db/keyset.js';
import { badRequest } from '../../http/errors.js';

/** The keyset positions the feeds use: a post id alone, or a time then the post id that breaks its ties. */
export const PostIdKey = z.tuple([Id]);
export const TimeAndPostIdKey = z.tuple([z.number().int(), Id]);
export type TimeAndPostId = z.infer<typeof TimeAndPostIdKey>;

export const invalidContinuationToken = () =>
  badRequest('INVALID_CONTINUATION_TOKEN', 'continuationToken is not valid for this feed; start again without it');

export interface Position<Key> {
  key: Key;
  snapshot: number | undefined;
}

/**
 * Decodes the position a continuation token names for one feed, or undefined at the start. The token is
 * signed, so a key of the wrong shape means a token from an older build: refused like a tampered one.
 */
export function startAfter<Key extends Cursor['key']>(
  secret: Buffer,
  feed: string,
  token: string | undefined,
  keyShape: z.ZodType<Key>,
): Position<Key> | undefined {
  if (token === undefined) return undefined;
  const cursor = decodeCursor(secret, token, feed);
  const key = keyShape.safeParse(cursor.key);
  if (!key.success) throw invalidContinuationToken();
  return { key: key.data, snapshot: cursor.snapshot };
}

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

/**
 * Rows strictly after `key` in `time desc, id desc` order. The redundant `time <= t` gives both planners a
 * plain index range to walk; the `or` then only settles ties within one millisecond.
 */
export const afterInTimeDescOrder = (timeColumn: string, idColumn: string, [time, id]: TimeAndPostId) =>
  sql<boolean>`${sql.ref(timeColumn)} <= ${time} and (${sql.ref(timeColumn)} < ${time} or ${sql.ref(idColumn)} < ${id})`;
