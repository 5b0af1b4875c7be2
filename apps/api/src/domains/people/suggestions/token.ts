import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../../db/keyset.js';
import { badRequest } from '../../../http/errors.js';
import type { RankKey } from './ranking.js';

const RankKeyShape = z.tuple([z.number().int().min(0), z.number(), z.number(), z.string()]);

/** Bound to the citizen: the ranked list is personal, so another citizen's token means nothing here. */
const feedOf = (citizenId: string) => `suggested-creators:${citizenId}`;

export const encodeRankKey = (secret: Buffer, citizenId: string, key: RankKey): string =>
  encodeCursor(secret, { feed: feedOf(citizenId), key });

export function decodeRankKey(secret: Buffer, citizenId: string, token: string | undefined): RankKey | undefined {
  if (token === undefined) return undefined;
  const parsed = RankKeyShape.safeParse(decodeCursor(secret, token, feedOf(citizenId)).key);
  if (!parsed.success) {
    throw badRequest(
      'INVALID_CONTINUATION_TOKEN',
      'continuationToken is not valid for this list; start again without it',
    );
  }
  return parsed.data;
}
