import { type RawBuilder, sql } from 'kysely';

/**
 * `standardRules` (rules.ts) as a condition on a row of `posts`, for writes that check visibility in the same
 * statement that changes the row (a like is then one round trip, not a read and a write). Keep the two in step:
 * not deleted, the author's row exists, ready unless it is the viewer's own, and public unless it is the
 * viewer's own or the author is the viewer's friend. Plain SQL, valid on both dialects.
 */
export const visibleToViewer = (viewerId: string): RawBuilder<boolean> => visibleTo(sql.val(viewerId));

/** visibleToViewer for a viewer the statement names: a value, or a column (one viewer per row). */
export const visibleTo = (viewer: RawBuilder<unknown>): RawBuilder<boolean> => sql<boolean>`(
  posts.deleted_at is null
  and exists (select 1 from citizens as author where author.id = posts.author_id)
  and (posts.status = 'ready' or posts.author_id = ${viewer})
  and (posts.sharing = 'public' or posts.author_id = ${viewer} or exists (
    select 1 from friendships as friend where friend.citizen_id = ${viewer} and friend.friend_id = posts.author_id
  )))`;

/** No condition: seeding and tests that like on a citizen's behalf without asking whether they may. */
export const anyPost: RawBuilder<boolean> = sql<boolean>`true`;
