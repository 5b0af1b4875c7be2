import { listHashtags } from '@civitas/contract';
import { sql } from 'kysely';
import { defineRoute } from '../../http/route.js';
import { likePattern, prefixPattern } from '../people/like-pattern.js';

/**
 * Hashtags for the picker: tags carried by at least one live post whose name starts with `search` (the
 * contract strips a leading '#'), most used first, then by name. `totalHashTags` is the spec's name for
 * `total`; both count the matching tags.
 */
export default defineRoute(listHashtags, async ({ query, ctx }) => {
  const search = query.search ?? '';
  const matching = ctx.db
    .selectFrom('hashtags')
    .where('posts_count', '>', 0)
    .$if(search !== '', (qb) => qb.where(likePattern(sql.ref('name_key'), prefixPattern(search))));
  const [rows, count] = await Promise.all([
    matching
      .select(['name', 'posts_count'])
      .orderBy('posts_count', 'desc')
      .orderBy('name_key', 'asc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    matching.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const total = Number(count.total);
  return { data: rows.map((row) => ({ name: row.name, postsCount: row.posts_count })), total, totalHashTags: total };
});
