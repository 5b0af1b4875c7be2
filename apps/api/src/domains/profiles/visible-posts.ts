import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { allowedBy, type PostRule, standardRules } from '../posts/visibility.js';

/**
 * How many of an author's posts a viewer (null: nobody in particular) can see: those the rules admit for them
 * (posts/visibility.ts, ADR 062), counted by the rules' own SQL, so a rule changed there changes the count. The
 * stored `posts_count` counts private and unfinished posts too, so showing it to others would tell them how many
 * friends-only posts exist. Read along the index the profile feeds walk (the author's live posts).
 */
export async function countVisiblePosts(
  db: Db,
  authorId: string,
  viewerId: string | null,
  rules: readonly PostRule[] = standardRules,
): Promise<number> {
  const { count } = await db
    .selectFrom('posts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('posts.author_id', '=', authorId)
    .where(allowedBy(rules, sql.val(viewerId)))
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * The count a viewer may see (null: a guest): for the author, the stored one (every live post of theirs, as the
 * rules show them to their author and as their own profile shows it); for others, the visible one.
 */
export async function postsCountFor(
  db: Db,
  author: { id: string; posts_count: number },
  viewerId: string | null,
): Promise<number> {
  if (viewerId === author.id) return author.posts_count;
  return countVisiblePosts(db, author.id, viewerId);
}
