import { sql } from 'kysely';
import type { Db } from '../../src/db/database.js';
import { dialectOf } from '../../src/db/dialect.js';

/** The citizens and posts of the crash test, by index (writers own citizens by index). */
export interface Cast {
  citizens: { id: string; username: string; token: string }[];
  postIds: string[];
}

export type FriendState = 'none' | 'pending' | 'friends';

/** The edges as stored: likes `post|citizen`, follows `follower|followee`, friend pairs `low|high` by cast index. */
export interface Edges {
  likes: Set<string>;
  follows: Set<string>;
  friends: Map<string, FriendState>;
  /**
   * Pending requests by pair key, with the citizen each was sent to: the load sends from the lower index, but
   * an earlier test may have sent one the other way, and only its recipient may approve it.
   */
  requests: Map<string, PendingRequest>;
  /** Live posts per author id. */
  postsBy: Map<string, Set<string>>;
}

export interface PendingRequest {
  id: string;
  toId: string;
}

export const pairKey = (low: number, high: number) => `${low}|${high}`;

export async function readEdges(db: Db, cast: Cast): Promise<Edges> {
  const indexOf = new Map(cast.citizens.map((citizen, index) => [citizen.id, index]));
  const pair = (a: string, b: string) => {
    const [x, y] = [indexOf.get(a) ?? -1, indexOf.get(b) ?? -1].sort((p, q) => p - q);
    return pairKey(x as number, y as number);
  };
  const [likes, follows, friendships, requests, posts] = await Promise.all([
    db.selectFrom('likes').select(['post_id', 'citizen_id']).execute(),
    db.selectFrom('follows').select(['follower_id', 'followee_id']).execute(),
    db.selectFrom('friendships').select(['citizen_id', 'friend_id']).execute(),
    db.selectFrom('friend_requests').select(['id', 'from_id', 'to_id']).execute(),
    db.selectFrom('posts').select(['id', 'author_id']).where('deleted_at', 'is', null).execute(),
  ]);
  const friends = new Map<string, FriendState>();
  for (const row of requests) friends.set(pair(row.from_id, row.to_id), 'pending');
  for (const row of friendships) friends.set(pair(row.citizen_id, row.friend_id), 'friends');
  const postsBy = new Map<string, Set<string>>();
  for (const row of posts) postsBy.set(row.author_id, (postsBy.get(row.author_id) ?? new Set()).add(row.id));
  return {
    likes: new Set(likes.map((row) => `${row.post_id}|${row.citizen_id}`)),
    follows: new Set(follows.map((row) => `${row.follower_id}|${row.followee_id}`)),
    friends,
    requests: new Map(requests.map((row) => [pair(row.from_id, row.to_id), { id: row.id, toId: row.to_id }])),
    postsBy,
  };
}

/**
 * Every counter kept on a row against a recount of the rows it counts (people counts: edges with citizens not
 * suspended, ADR 076), and every multi-row write whole: a
 * post's hashtag and mention links match its own lists, friendships go both ways, and no pair is both friends
 * and pending. Answers the disagreements (none is the pass).
 */
export async function halfWrites(db: Db): Promise<string[]> {
  // A comma-joined list of a column, in either dialect.
  const aggregate = (column: string) =>
    dialectOf(db as never) === 'postgres' ? `string_agg(${column}::text, ',')` : `group_concat(${column}, ',')`;
  const count = (from: string, where: string) => sql.raw(`(select count(*) from ${from} where ${where})`);
  const [posts, citizens, tags, oneWay, both] = await Promise.all([
    db
      .selectFrom('posts as p')
      .select(['p.id', 'p.likes_count', 'p.hashtags', 'p.mention_ids'])
      .select(count('likes l', 'l.post_id = p.id').as('likes'))
      .select(
        sql<string>`(select ${sql.raw(aggregate('h.name_key'))} from post_hashtags h where h.post_id = p.id)`.as(
          'tag_keys',
        ),
      )
      .select(
        sql<string>`(select ${sql.raw(aggregate('m.citizen_id'))} from post_mentions m where m.post_id = p.id)`.as(
          'mention_keys',
        ),
      )
      .where('p.deleted_at', 'is', null)
      .execute(),
    db
      .selectFrom('citizens as c')
      .select(['c.username', 'c.followers_count', 'c.following_count', 'c.friends_count', 'c.posts_count'])
      // The people counts leave out the edges of a suspended citizen (ADR 076): their other end is counted.
      .select(
        count(
          'follows f join citizens o on o.id = f.follower_id',
          'f.followee_id = c.id and o.suspended_at is null',
        ).as('followers'),
      )
      .select(
        count(
          'follows f join citizens o on o.id = f.followee_id',
          'f.follower_id = c.id and o.suspended_at is null',
        ).as('following'),
      )
      .select(
        count(
          'friendships f join citizens o on o.id = f.friend_id',
          'f.citizen_id = c.id and o.suspended_at is null',
        ).as('friends'),
      )
      // A post awaiting its upload is a draft, counted nowhere (ADR 064).
      .select(
        count('posts p', "p.author_id = c.id and p.deleted_at is null and p.status <> 'awaiting_upload'").as(
          'live_posts',
        ),
      )
      .execute(),
    db
      .selectFrom('hashtags as t')
      .select(['t.name_key', 't.posts_count'])
      // A tag counts its public, published posts (ADR 049); the others are linked but not counted.
      .select(
        count(
          'post_hashtags h join posts p on p.id = h.post_id',
          "h.name_key = t.name_key and p.sharing = 'public' and p.status = 'ready' and p.deleted_at is null",
        ).as('links'),
      )
      .execute(),
    db
      .selectFrom('friendships as f')
      .select(['f.citizen_id', 'f.friend_id'])
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('friendships as g')
              .select('g.citizen_id')
              .whereRef('g.citizen_id', '=', 'f.friend_id')
              .whereRef('g.friend_id', '=', 'f.citizen_id'),
          ),
        ),
      )
      .execute(),
    db
      .selectFrom('friend_requests as r')
      .innerJoin('friendships as f', (join) =>
        join.onRef('f.citizen_id', '=', 'r.from_id').onRef('f.friend_id', '=', 'r.to_id'),
      )
      .select('r.id')
      .execute(),
  ]);
  const problems: string[] = [];
  const sorted = (keys: string | null) => (keys ? keys.split(',').sort().join(',') : '');
  for (const post of posts) {
    if (post.likes_count !== Number(post.likes))
      problems.push(`post ${post.id}: likes_count ${post.likes_count}, ${post.likes} likes`);
    const tagKeys = (JSON.parse(post.hashtags) as string[]).map((tag) => tag.toLowerCase());
    if (sorted(post.tag_keys) !== [...tagKeys].sort().join(','))
      problems.push(`post ${post.id}: hashtags ${post.hashtags}, links ${post.tag_keys}`);
    if (sorted(post.mention_keys) !== [...(JSON.parse(post.mention_ids) as string[])].sort().join(','))
      problems.push(`post ${post.id}: mentions ${post.mention_ids}, links ${post.mention_keys}`);
  }
  for (const c of citizens) {
    const pairs = [
      ['followers_count', c.followers_count, c.followers],
      ['following_count', c.following_count, c.following],
      ['friends_count', c.friends_count, c.friends],
      ['posts_count', c.posts_count, c.live_posts],
    ] as const;
    for (const [name, stored, counted] of pairs)
      if (stored !== Number(counted)) problems.push(`${c.username}: ${name} ${stored}, recount ${counted}`);
  }
  for (const tag of tags)
    if (tag.posts_count !== Number(tag.links))
      problems.push(`#${tag.name_key}: posts_count ${tag.posts_count}, ${tag.links} counted links`);
  for (const row of oneWay) problems.push(`friendship ${row.citizen_id} -> ${row.friend_id} without its other half`);
  for (const row of both) problems.push(`friend request ${row.id} still pending between friends`);
  return problems;
}
