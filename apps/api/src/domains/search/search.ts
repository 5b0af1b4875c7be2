import { search } from '@civitas/contract';
import { z } from 'zod';
import { decodeCursor, encodeCursor } from '../../db/keyset.js';
import { defineRoute } from '../../http/route.js';
import { invalidContinuationToken } from '../feeds/keyset-page.js';
import { matchingHashtags } from '../hashtags/list-hashtags.js';
import { searchPeople } from './people-search.js';
import { foldName } from './search-terms.js';

/**
 * How deep a search pages: past it the list ends. A person looks at the first screens of matches and types more;
 * offsets this deep would only be read by a crawler.
 */
export const SEARCH_DEPTH = 500;

const OffsetKey = z.tuple([z.number().int().min(0).max(SEARCH_DEPTH)]);

/**
 * Search (ADR 082), for guests and citizens: people or hashtags starting with `q`. Its continuation token is the
 * signed offset of the next page, bound to the search and the reader, so another search's token is refused.
 */
export default defineRoute(search, async ({ query, caller, ctx }) => {
  const viewerId = caller.kind === 'citizen' ? caller.citizenId : null;
  const feed = `search:${query.kind}:${foldName(query.q)}:${viewerId ?? 'guest'}`;
  const offset = query.continuationToken ? offsetOf(ctx.keys.cursorSecret, query.continuationToken, feed) : 0;
  const limit = Math.min(query.limit, SEARCH_DEPTH - offset);
  const tokenAfter = (more: boolean, count: number) =>
    more && offset + count < SEARCH_DEPTH ? encodeCursor(ctx.keys.cursorSecret, { feed, key: [offset + count] }) : null;
  if (limit <= 0) return { kind: query.kind, data: [], continuationToken: null };
  if (query.kind === 'hashtags') {
    const rows = await matchingHashtags(ctx.db, query.q)
      .select(['name', 'posts_count'])
      .orderBy('posts_count', 'desc')
      .orderBy('name_key', 'asc')
      .limit(limit + 1)
      .offset(offset)
      .execute();
    const data = rows.slice(0, limit).map((row) => ({ name: row.name, postsCount: row.posts_count }));
    return { kind: 'hashtags' as const, data, continuationToken: tokenAfter(rows.length > limit, data.length) };
  }
  const people = await searchPeople(ctx.db, { viewerId, q: query.q, limit, offset });
  return {
    kind: 'people' as const,
    data: people.data,
    continuationToken: tokenAfter(people.more, people.data.length),
  };
});

function offsetOf(secret: Buffer, token: string, feed: string): number {
  const parsed = OffsetKey.safeParse(decodeCursor(secret, token, feed).key);
  // Signed by this server for this search: a key of another shape is a token of an older build, refused alike.
  if (!parsed.success) throw invalidContinuationToken();
  return parsed.data[0];
}
