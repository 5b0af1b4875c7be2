import { listHashtags, type ResponseOf } from '@civitas/contract';
import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { defineRoute } from '../../http/route.js';
import { likePattern, prefixPattern } from '../people/like-pattern.js';

/** One page of the hashtag list, as the contract answers it. */
export type HashtagList = ResponseOf<typeof listHashtags>;

/**
 * Hashtags for the picker: tags carried by at least one live post whose name starts with `search` (the
 * contract strips a leading '#'), most used first, then by name. `totalHashTags` is the product's name for
 * `total`; both count the matching tags. The list without a search reads and sorts every tag in use, so it is
 * kept for HASHTAG_LIST_CACHE_MS (ADR 046); a search (what the composer's picker asks) is read live.
 */
export default defineRoute(listHashtags, async ({ query, ctx }) => {
  const search = query.search ?? '';
  if (search !== '') return readHashtags(ctx, search, query.limit, query.offset);
  return ctx.caches.hashtagLists.get(`${query.limit}:${query.offset}`, () =>
    readHashtags(ctx, '', query.limit, query.offset),
  );
});

async function readHashtags(
  ctx: Pick<AppContext, 'db'>,
  search: string,
  limit: number,
  offset: number,
): Promise<HashtagList> {
  const matching = matchingHashtags(ctx.db, search);
  const [rows, count] = await Promise.all([
    matching
      .select(['name', 'posts_count'])
      .orderBy('posts_count', 'desc')
      .orderBy('name_key', 'asc')
      .limit(limit)
      .offset(offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return { data: rows.map((row) => ({ name: row.name, postsCount: row.posts_count })), total, totalHashTags: total };
}

/**
 * The hashtags in use (a live post everyone may see carries them) whose name starts with `search` (any case), or all
 * of them for an empty one: the picker's list and search's (ADR 082) alike.
 */
export const matchingHashtags = (db: Db, search: string) =>
  db
    .selectFrom('hashtags')
    .where('posts_count', '>', 0)
    .$if(search !== '', (qb) => qb.where(likePattern(sql.ref('name_key'), prefixPattern(search))));
