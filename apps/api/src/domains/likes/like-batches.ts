import type DataLoader from 'dataloader';
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { eachAlone, writeLine } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import { seenByEveryone, visibleTo, visibleToViewer } from '../posts/visibility.js';
import { type AddedLike, addLike, type LikeOutcome, removeLike } from './like-store.js';

/**
 * A citizen's like or unlike of a post they may see (null when they may not, or it does not exist).
 *
 * On PostgreSQL, the likes and unlikes that arrive while one is being written are written together, in one
 * statement, by the next one (ADR 035): each like was a statement and a commit, and the commits' WAL flushes
 * and round trips were most of its cost. One such statement is in flight at a time per instance: two of them
 * updating the same posts' counters in different orders could deadlock. SQLite runs each in its own
 * transaction, in process.
 */
export function like(ctx: LikeContext, postId: string, citizenId: string): Promise<AddedLike | null> {
  const now = ctx.now();
  if (ctx.dialect !== 'postgres') {
    return addLike(ctx.db, postId, citizenId, now, ctx.config.STAGE_AUTO_LIKES, visibleToViewer(citizenId));
  }
  return writersOf(ctx).likes.load({ postId, citizenId, now });
}

export function unlike(ctx: LikeContext, postId: string, citizenId: string): Promise<LikeOutcome | null> {
  if (ctx.dialect !== 'postgres') return removeLike(ctx.db, postId, citizenId, visibleToViewer(citizenId));
  return writersOf(ctx).unlikes.load({ postId, citizenId, now: ctx.now() });
}

type LikeContext = Pick<AppContext, 'db' | 'dialect' | 'now' | 'config'>;

interface LikeWant {
  postId: string;
  citizenId: string;
  now: number;
}

interface Writers {
  likes: DataLoader<LikeWant, AddedLike | null>;
  unlikes: DataLoader<LikeWant, LikeOutcome | null>;
}

/**
 * Enough for every like a crowd sends while one statement runs: a batch that filled up would start beside the
 * one before it instead of after it.
 */
const MAX_WRITES_PER_STATEMENT = 1024;

const writers = new WeakMap<Db, Writers>();
function writersOf(ctx: LikeContext): Writers {
  let found = writers.get(ctx.db);
  if (found) return found;
  // Likes and unlikes share one line: both move the posts' counters.
  const inLine = writeLine(MAX_WRITES_PER_STATEMENT);
  const { db } = ctx;
  const threshold = ctx.config.STAGE_AUTO_LIKES;
  found = {
    likes: inLine((wants: readonly LikeWant[]) => likeTogether(db, wants, threshold)),
    unlikes: inLine((wants: readonly LikeWant[]) => unlikeTogether(db, wants)),
  };
  writers.set(ctx.db, found);
  return found;
}

const likeTogether = (db: Db, wants: readonly LikeWant[], threshold: number) =>
  writeTogether(
    wants,
    (want) => addLike(db, want.postId, want.citizenId, want.now, threshold, visibleToViewer(want.citizenId)),
    () => likeMany(db, wants, threshold),
    (row: LikeRow): AddedLike => ({ likesCount: row.likes_count, liked: true, stagedIn: row.staged_in }),
  );

const unlikeTogether = (db: Db, wants: readonly LikeWant[]) =>
  writeTogether(
    wants,
    (want) => removeLike(db, want.postId, want.citizenId, visibleToViewer(want.citizenId)),
    () => unlikeMany(db, wants),
    (row: UnlikeRow): LikeOutcome => ({ likesCount: row.likes_count, liked: false }),
  );

/** What the many-likes statements answer for each want the citizen may see (none for the others). */
interface WrittenRow {
  /** The want's place in the batch, from 1. */
  n: number | string;
  post_id: string;
  /** The post's count after this statement (see recountedSql for a post it did not change). */
  likes_count: number;
}

/**
 * The batch in one statement, or, should it fail (a token that outlived its citizen, say), each want on its
 * own, so each gets its own outcome. The statement is atomic: a failed one wrote nothing. A batch of one runs
 * the same statement: its SQL text is built and compiled once (`precompiled`), where the single-like
 * statement would be built for every like.
 */
async function writeTogether<Row extends WrittenRow, Outcome>(
  wants: readonly LikeWant[],
  alone: (want: LikeWant) => Promise<Outcome | null>,
  statement: () => Promise<Row[]>,
  outcome: (row: Row) => Outcome,
): Promise<(Outcome | null | Error)[]> {
  let rows: Row[];
  try {
    rows = await statement();
  } catch {
    return eachAlone(wants, alone);
  }
  const byWant = new Map(rows.map((row) => [Number(row.n), row]));
  return wants.map((_want, i) => {
    const row = byWant.get(i + 1);
    return row ? outcome(row) : null;
  });
}

/** The wants' columns, as wantedVisible's arrays take them. */
const columnsOf = (wants: readonly LikeWant[]) => [
  wants.map((want) => want.postId),
  wants.map((want) => want.citizenId),
  wants.map((want) => want.now),
];

const latestOf = (wants: readonly LikeWant[]) => Math.max(...wants.map((want) => want.now));

const likeMany = precompiled({
  build: (_db: Db, wants: readonly LikeWant[], threshold: number) => likeManySql(wants, threshold),
  // The SQL text is the same for every batch: the wants go in as arrays.
  shape: () => 'wants',
  // The last two are seenByEveryone's values (its SQL names them as parameters; a change there fails here first).
  parameters: (wants, threshold) => [...columnsOf(wants), latestOf(wants), threshold, threshold, 'ready', 'public'],
});

const unlikeMany = precompiled({
  build: (_db: Db, wants: readonly LikeWant[]) => unlikeManySql(wants),
  shape: () => 'wants',
  parameters: (wants) => columnsOf(wants),
});

/** The wants as numbered rows (n counts from 1, in the batch's order), each with the posts the citizen may see. */
const wantedVisible = (wants: readonly LikeWant[]): RawBuilder<unknown> => {
  const [postIds, citizenIds, nows] = columnsOf(wants);
  return sql`
  want as (
    select * from unnest(
      ${sql.val(postIds)}::uuid[],
      ${sql.val(citizenIds)}::uuid[],
      ${sql.val(nows)}::bigint[]
    ) with ordinality as want(post_id, citizen_id, at, n)
  ), target as (
    select want.n, want.post_id, want.citizen_id, want.at
    from want join posts on posts.id = want.post_id
    where ${visibleTo(sql.ref('want.citizen_id'))}
  )`;
};

/**
 * The posts among the targets whose counter this statement did not move (liked already, or never liked), read
 * with a share lock. The lock waits for a writer of the row still in flight, and in READ COMMITTED it returns
 * the row's newest committed version rather than the one the statement's snapshot saw, so a like of the same
 * citizen that raced this one (another instance, or a like written alone) and committed first is in the count,
 * as a fresh statement would see it. `moved` aggregates the statement's own inserts or deletes, so it has no row
 * before all of them are done (some may have waited for that racing writer), and this CTE yields no row, and
 * locks none, before reading it.
 */
const recountedSql = (moved: string) => sql`
  recounted as (
    select posts.id, posts.likes_count from posts
    where posts.id in (select post_id from target)
      and not exists (select 1 from ${sql.table(moved)} where ${sql.ref(`${moved}.post_id`)} = posts.id)
    for share of posts
  )`;

interface LikeRow extends WrittenRow {
  staged_in: string | null;
}

/**
 * addLike's statement for many likes: each (post, citizen) inserted once, each post's counter moved once by
 * the number of likes really inserted, and a post whose count this statement carried to the automatic
 * staging threshold staged in its author's country, as addLike does for one.
 */
const likeManySql = (wants: readonly LikeWant[], threshold: number) => sql<LikeRow>`
  with ${wantedVisible(wants)}, inserted as (
    insert into likes (post_id, citizen_id, created_at)
    select distinct on (post_id, citizen_id) post_id, citizen_id, at from target order by post_id, citizen_id, n
    on conflict (post_id, citizen_id) do nothing
    returning post_id
  ), added as (
    select post_id, count(*)::int as k from inserted group by post_id
  ), counted as (
    update posts set likes_count = posts.likes_count + added.k from added where posts.id = added.post_id
    returning posts.id, posts.likes_count, posts.likes_count - added.k as before, posts.sharing, posts.status,
      posts.author_id, posts.deleted_at, posts.hidden_at
  ), staged as (
    insert into stage_entries (country, post_id, staged_at, source)
    select upper(citizens.country), counted.id, ${latestOf(wants)}::bigint, 'auto'
    from counted join citizens on citizens.id = counted.author_id
    where counted.before < ${threshold} and counted.likes_count >= ${threshold}
      and ${seenByEveryone('counted')}
    on conflict (country, post_id) do nothing
    returning post_id, country
  ), ${recountedSql('added')}
  select target.n, target.post_id, coalesce(counted.likes_count, recounted.likes_count) as likes_count,
    staged.country as staged_in
  from target left join counted on counted.id = target.post_id left join staged on staged.post_id = target.post_id
    left join recounted on recounted.id = target.post_id`;

type UnlikeRow = WrittenRow;

/** removeLike's statement for many unlikes: each like deleted once, each counter moved once by the number. */
const unlikeManySql = (wants: readonly LikeWant[]) => sql<UnlikeRow>`
  with ${wantedVisible(wants)}, deleted as (
    delete from likes using target
    where likes.post_id = target.post_id and likes.citizen_id = target.citizen_id
    returning likes.post_id
  ), removed as (
    select post_id, count(*)::int as k from deleted group by post_id
  ), counted as (
    -- Never below zero (docs/product.md §4), as db/counters.ts's decrement.
    update posts set likes_count = greatest(posts.likes_count - removed.k, 0) from removed
    where posts.id = removed.post_id
    returning posts.id, posts.likes_count
  ), ${recountedSql('removed')}
  select target.n, target.post_id, coalesce(counted.likes_count, recounted.likes_count) as likes_count
  from target left join counted on counted.id = target.post_id left join recounted on recounted.id = target.post_id`;
