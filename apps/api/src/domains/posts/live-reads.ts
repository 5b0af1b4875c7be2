import { CompiledQuery, type ExpressionBuilder, sql } from 'kysely';
import { oncePer, sameTurn } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { oneOf, oneOfShape, oneOfValues } from '../../db/id-list.js';
import { postgresText } from '../../db/postgres-text.js';
import { precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/tables/index.js';
import { blockedWithViewerSql, friendOfViewerSql, mutedByViewerSql } from './visibility.js';

/**
 * What must be fresh on every read of posts (the counts of likes and comments, visibility, the author, the
 * viewer's like, the viewer's friendship with the author), for one set of posts and one viewer.
 *
 * On PostgreSQL, the reads that requests make in one turn of the event loop go out as one statement over
 * (post, viewer) pairs instead of one statement each (ADR 034): a round trip, a statement and the driver's
 * work per request were most of a post's read. SQLite runs in process, with no round trip to save, and reads
 * each set on its own.
 */
export function readLive(
  ctx: { readonly db: Db; readonly dialect: DialectName },
  ids: readonly string[],
  viewerId: string | null,
): Promise<LiveRow[]> {
  if (ctx.dialect !== 'postgres') return liveRows(ctx.db, ctx.dialect, ids, viewerId);
  return batchOf(ctx.db).load({ ids, viewerId });
}

interface LiveWant {
  ids: readonly string[];
  viewerId: string | null;
}

/** The most reads one statement answers; more, arriving together, take several statements. */
const MAX_READS_PER_STATEMENT = 64;

const batchOf = oncePer((db: Db) =>
  sameTurn((wants: readonly LiveWant[]) => readTogether(db, wants), MAX_READS_PER_STATEMENT, { holdBackHalf: true }),
);

/**
 * One statement for all the wants, each post of each want a numbered (post, viewer) pair. Every id in it has
 * passed the contract's UUID check, so a failure is the database's, which each read alone would have met too.
 */
async function readTogether(db: Db, wants: readonly LiveWant[]): Promise<LiveRow[][]> {
  const [only] = wants;
  if (wants.length === 1 && only) return [await liveRows(db, 'postgres', only.ids, only.viewerId)];
  const postIds: string[] = [];
  const viewerIds: (string | null)[] = [];
  for (const { ids, viewerId } of wants) {
    for (const id of ids) {
      postIds.push(id);
      viewerIds.push(viewerId);
    }
  }
  const { rows } = await db.executeQuery<PairRow>(CompiledQuery.raw(PAIRS_SQL, [postIds, viewerIds]));
  const byPair = new Map<number, LiveRow>();
  for (const { pair, ...row } of rows) byPair.set(Number(pair), row);
  const answers: LiveRow[][] = [];
  let pair = 0;
  for (const { ids } of wants) {
    const answer: LiveRow[] = [];
    for (let i = 0; i < ids.length; i++) {
      pair += 1; // ordinality counts from 1
      const row = byPair.get(pair);
      if (row) answer.push(row);
    }
    answers.push(answer);
  }
  return answers;
}

type PairRow = LiveRow & { pair: number | string };

/**
 * liveQuery's columns for numbered (post, viewer) pairs. The like and the friendship are looked up by their
 * keys per pair (one index probe each), as liveQuery's are; the friendship as the rules' own SQL reads it.
 */
export const PAIRS_SQL = `select want.pair, posts.id, posts.author_id, posts.likes_count, posts.comments_count, posts.updated_at,
  posts.status, posts.sharing, posts.deleted_at, posts.hidden_at, author.username as author_username,
  author.display_name as author_display_name, author.profile_picture_uri as author_picture,
  author.country as author_country, author.suspended_at as author_suspended_at,
  (select mine.post_id from likes as mine
   where mine.post_id = posts.id and mine.citizen_id = want.viewer_id limit 1) as liked,
  ${postgresText(friendOfViewerSql(sql.ref('want.viewer_id')))} as friend,
  ${postgresText(blockedWithViewerSql(sql.ref('want.viewer_id')))} as blocked,
  ${postgresText(mutedByViewerSql(sql.ref('want.viewer_id')))} as muted
from unnest($1::uuid[], $2::uuid[]) with ordinality as want(post_id, viewer_id, pair)
join posts on posts.id = want.post_id
left join citizens as author on author.id = posts.author_id`;

export function liveQuery(db: Db, dialect: DialectName, ids: readonly string[], viewerId: string | null) {
  // A guest's id is null: the lookups of a like and a friendship then match nothing, and one SQL text serves both.
  return db
    .selectFrom('posts')
    .leftJoin('citizens as author', 'author.id', 'posts.author_id')
    .select((eb) => [
      'posts.id',
      'posts.author_id',
      'posts.likes_count',
      'posts.comments_count',
      'posts.updated_at',
      'posts.status',
      'posts.sharing',
      'posts.deleted_at',
      'posts.hidden_at',
      'author.username as author_username',
      'author.display_name as author_display_name',
      'author.profile_picture_uri as author_picture',
      'author.country as author_country',
      'author.suspended_at as author_suspended_at',
      viewerLikeOf(eb, viewerId).as('liked'),
      friendOfViewerSql(sql.val(viewerId)).as('friend'),
      blockedWithViewerSql(sql.val(viewerId)).as('blocked'),
      mutedByViewerSql(sql.val(viewerId)).as('muted'),
    ])
    .where(oneOf(dialect, 'posts.id', ids));
}

/**
 * The viewer's like of each post, looked up by its key per post. As a join, PostgreSQL's generic plan (the one
 * a prepared statement settles on) hashes all of the viewer's likes instead: a citizen with thousands of likes
 * made every page read them all. `limit 1` keeps the planner from turning the lookup into that hash again.
 */
export const viewerLikeOf = (eb: ExpressionBuilder<Database, 'posts'>, viewerId: string | null) =>
  eb
    .selectFrom('likes as mine')
    .select('mine.post_id')
    .whereRef('mine.post_id', '=', 'posts.id')
    .where('mine.citizen_id', '=', viewerId as string)
    .limit(sql.lit(1));

const liveRows = precompiled({
  build: liveQuery,
  shape: oneOfShape,
  parameters: (dialect, ids, viewerId) => [
    viewerId,
    viewerId,
    viewerId,
    viewerId,
    viewerId,
    ...oneOfValues(dialect, ids),
  ],
});

export type LiveRow = Awaited<ReturnType<typeof liveRows>>[number];
