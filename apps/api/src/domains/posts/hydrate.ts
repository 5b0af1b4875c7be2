import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { CitizensTable, PostsTable } from '../../db/tables/index.js';

export type PostRow = Selectable<PostsTable>;
export type CitizenSummaryRow = Pick<
  Selectable<CitizensTable>,
  'id' | 'username' | 'display_name' | 'profile_picture_uri' | 'country'
>;

/** Everything the rules and views need about a set of posts, loaded in a fixed number of batched queries. */
export interface Hydration {
  viewerId: string | null;
  posts: Map<string, PostRow>;
  citizens: Map<string, CitizenSummaryRow>;
  likedByViewer: Set<string>;
  /** Authors among these posts who are friends of the viewer. */
  friendsOfViewer: Set<string>;
}

export const citizenSummaryColumns = ['id', 'username', 'display_name', 'profile_picture_uri', 'country'] as const;

export const parseIdList = (json: string): string[] => JSON.parse(json) as string[];

export async function hydratePosts(db: Db, postIds: readonly string[], viewerId: string | null): Promise<Hydration> {
  const hydration: Hydration = {
    viewerId,
    posts: new Map(),
    citizens: new Map(),
    likedByViewer: new Set(),
    friendsOfViewer: new Set(),
  };
  if (postIds.length === 0) return hydration;
  const ids = [...new Set(postIds)];

  const posts = await db.selectFrom('posts').selectAll().where('id', 'in', ids).execute();
  if (posts.length === 0) return hydration; // also keeps `in ()`, invalid on PostgreSQL, out of the queries below
  for (const post of posts) hydration.posts.set(post.id, post);

  const authorIds = new Set(posts.map((post) => post.author_id));
  const citizenIds = new Set(authorIds);
  for (const post of posts) for (const id of parseIdList(post.mention_ids)) citizenIds.add(id);

  const [citizens, likes, friends] = await Promise.all([
    db
      .selectFrom('citizens')
      .select(citizenSummaryColumns)
      .where('id', 'in', [...citizenIds])
      .execute(),
    viewerId
      ? db
          .selectFrom('likes')
          .select('post_id')
          .where('citizen_id', '=', viewerId)
          .where('post_id', 'in', ids)
          .execute()
      : [],
    viewerId
      ? db
          .selectFrom('friendships')
          .select('friend_id')
          .where('citizen_id', '=', viewerId)
          .where('friend_id', 'in', [...authorIds])
          .execute()
      : [],
  ]);
  for (const citizen of citizens) hydration.citizens.set(citizen.id, citizen);
  for (const like of likes) hydration.likedByViewer.add(like.post_id);
  for (const friend of friends) hydration.friendsOfViewer.add(friend.friend_id);
  return hydration;
}
