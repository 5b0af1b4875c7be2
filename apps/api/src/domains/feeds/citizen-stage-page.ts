import type DataLoader from 'dataloader';
import { type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { sameTurn } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { oneOf, oneOfShape, oneOfValues } from '../../db/id-list.js';
import { precompiled } from '../../db/precompiled.js';
import type { Database } from '../../db/tables/index.js';
import { GzipTemplate } from '../../http/gzip-template.js';
import { SerializedBody } from '../../http/serialized-body.js';
import { feedPageAroundLive, fillLive, LIVE_HOLE_BYTES, type LivePart, paddedLiveJson } from '../posts/post-json.js';
import { commentsCountOf } from '../posts/present.js';
import { type PostRule, passesAll, type ViewerFacts } from '../posts/visibility.js';
import type { FeedPage } from './pipeline.js';

/**
 * A stage page as every citizen shares it: its posts, the version of each, the rules it was read with, and its
 * checked JSON around each post's live part (likes and comment count). It is read as nobody in particular, and the stage's skeleton holds only posts
 * that nobody in particular may see (public, ready), so no reader sees more of it than that; what one citizen's
 * page adds is their likes, the live counts (likes, comments), and the rules applied again to each post for that reader: a post
 * they drop (its author blocked or muted) is left out of that reader's page, as the feed pipeline leaves it out.
 */
export interface SharedStagePage {
  /** The page as nobody in particular reads it: a reader for whom the rules drop some of it gets the rest. */
  readonly page: FeedPage;
  readonly postIds: readonly string[];
  readonly updatedAt: readonly number[];
  readonly rules: readonly PostRule[];
  /** The page's authors, whose blocks and mutes with its readers the live read looks up (ADR 069). */
  readonly authorIds: readonly string[];
  /** Null when the page's text cannot be filled in (see feedPageAroundLive): each reader's is written whole. */
  readonly aroundLive: readonly string[] | null;
}

/** Made from the page as nobody in particular reads it (no viewer: no likes of anyone's) with these rules. */
export const sharedStagePage = (
  ctx: Pick<AppContext, 'caches'>,
  page: FeedPage,
  rules: readonly PostRule[],
): SharedStagePage => ({
  page,
  postIds: page.data.map((post) => post.id),
  updatedAt: page.data.map((post) => Date.parse(post.updatedAt)),
  rules,
  authorIds: [...new Set(page.data.map((post) => post.author.id))],
  aroundLive: feedPageAroundLive(ctx.caches.checkedPostJson, page),
});

/**
 * A shared page's text compressed once (http/gzip-template.ts), for the first reader who takes gzip; it goes
 * with the shared page when the page cache lets that go.
 */
const templates = new WeakMap<readonly string[], GzipTemplate>();
function gzipTemplateOf(aroundLive: readonly string[]): GzipTemplate {
  let template = templates.get(aroundLive);
  if (!template) {
    template = new GzipTemplate(aroundLive, LIVE_HOLE_BYTES);
    templates.set(aroundLive, template);
  }
  return template;
}

/**
 * One citizen's page from the shared one, with one small live read: each post's likes count, whether this
 * citizen likes it, its comment count, and the facts the rules read. The posts the rules drop for this citizen are left out, as
 * `runFeed` leaves them out of the same skeleton (the page keeps its token). Null when any post changed since
 * the shared page was made (deleted, edited, no longer ready or public), or the rules drop every post (the
 * pipeline then reads on), or they ask what the read does not hold: the caller then reads the page whole.
 * Sent gzipped to a client that takes it, from the page's compressed text with these likes written in.
 */
export async function citizenStageBody(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'caches'>,
  shared: SharedStagePage,
  viewerId: string,
): Promise<SerializedBody | null> {
  if (shared.aroundLive === null) return null;
  const live = await citizenLive(ctx, shared, viewerId);
  if (live === null) return null;
  const page = live.includes(DROPPED) ? narrowedPage(ctx, shared, live) : shared;
  const aroundLive = page?.aroundLive;
  if (!aroundLive) return null;
  const kept = live.filter((postLive): postLive is LivePart => postLive !== DROPPED);
  return SerializedBody.assembled(
    () => fillLive(aroundLive, kept),
    () => gzipTemplateOf(aroundLive).fill(kept.map(paddedLiveJson)),
  );
}

/** A post of the shared page that the rules drop for one reader. */
const DROPPED = null;
type ReaderLive = (LivePart | typeof DROPPED)[];

/**
 * The shared page less the posts dropped for a reader, made once per set of dropped posts for as long as the
 * shared page lives: readers who blocked or muted the same authors share it, its text and its compressed template,
 * as the other readers share the whole page. Null when no post is left.
 */
const narrowedPages = new WeakMap<SharedStagePage, Map<string, SharedStagePage | null>>();

function narrowedPage(
  ctx: Pick<AppContext, 'caches'>,
  shared: SharedStagePage,
  live: ReaderLive,
): SharedStagePage | null {
  const key = live.map((postLive) => (postLive === DROPPED ? '-' : '+')).join('');
  let pages = narrowedPages.get(shared);
  if (!pages) {
    pages = new Map();
    narrowedPages.set(shared, pages);
  }
  let page = pages.get(key);
  if (page === undefined) {
    const data = shared.page.data.filter((_, i) => live[i] !== DROPPED);
    page = data.length === 0 ? null : sharedStagePage(ctx, { ...shared.page, data }, shared.rules);
    pages.set(key, page);
  }
  return page;
}

/**
 * Citizens reading one shared page at the same moment share one live read: the requests parsed in one turn of
 * the event loop are answered by one query (each post's state once, and which of these readers like it)
 * instead of one query each, which on a busy stage was most of a citizen's page. The read starts after all of
 * those requests arrived, so each reader still sees every write answered before they asked (ADR 024, 033).
 * The loader goes with its shared page when the page cache lets that go.
 */
const readersOf = new WeakMap<SharedStagePage, DataLoader<string, ReaderLive | null>>();

/** The most readers one live read answers; more, arriving together, take several reads. */
const MAX_READERS_PER_READ = 64;

function citizenLive(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  shared: SharedStagePage,
  viewerId: string,
): Promise<ReaderLive | null> {
  let readers = readersOf.get(shared);
  if (!readers) {
    // SQLite reads in process: there is no statement to run while answers go out (ADR 047), and a smaller
    // batch would repeat the posts' lookup more often.
    readers = sameTurn((viewerIds: readonly string[]) => readersLive(ctx, shared, viewerIds), MAX_READERS_PER_READ, {
      holdBackHalf: ctx.dialect === 'postgres',
    });
    readersOf.set(shared, readers);
  }
  return readers.load(viewerId);
}

/**
 * Each reader's live part of the page's posts (their likes, the comment counts), DROPPED for a post the rules leave out for that reader: null for every
 * reader when a post changed since it was shared, and for a reader the rules ask what the read does not hold.
 */
async function readersLive(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  shared: SharedStagePage,
  viewerIds: readonly string[],
): Promise<(ReaderLive | null)[]> {
  if (shared.postIds.length === 0) return viewerIds.map(() => []);
  const padded = ctx.dialect === 'sqlite';
  const rows = await liveLikes(
    ctx.db,
    ctx.dialect,
    shared.postIds,
    padded ? paddedList(viewerIds) : viewerIds,
    padded ? paddedList(shared.authorIds) : shared.authorIds,
  );
  const relations = readersRelations(rows[0]?.relations ?? null);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const posts: { row: (typeof rows)[number]; likers: ReadonlySet<string> }[] = [];
  const authors = new Set<string>();
  const suspended = new Set<string>();
  for (const [i, id] of shared.postIds.entries()) {
    const row = byId.get(id);
    if (row === undefined || row.updated_at !== shared.updatedAt[i]) return viewerIds.map(() => null);
    posts.push({ row, likers: new Set(row.likers?.split(',')) });
    if (row.author !== null) authors.add(row.author);
    if (row.author !== null && row.author_suspended_at !== null) suspended.add(row.author);
  }
  return viewerIds.map((viewerId) => {
    const viewer = readerFacts(viewerId, authors, suspended, relations);
    const live = posts.map(({ row, likers }) =>
      passesAll(shared.rules, row, viewer)
        ? {
            likes: { likesCount: row.likes_count, liked: likers.has(viewerId) },
            commentsCount: commentsCountOf(row),
          }
        : DROPPED,
    );
    return viewer.askedBeyondRead ? null : live;
  });
}

/** One reader's authors on the page with a block either way, and those the reader muted. */
interface Relations {
  readonly blocked: Set<string>;
  readonly muted: Set<string>;
}

/** Each reader's relations with the page's authors; a reader with none is not in it. */
type ReaderRelations = ReadonlyMap<string, Relations>;

const NO_RELATIONS: Relations = { blocked: new Set(), muted: new Set() };

/**
 * Each reader's relations from the live read's `relations` column (see relationsAmong): entries of
 * "<kind> <reader> <author>", comma-separated, null when there are none.
 */
function readersRelations(listed: string | null): ReaderRelations {
  const relations = new Map<string, Relations>();
  for (const entry of listed?.split(',') ?? []) {
    const [kind, reader, author] = entry.split(' ') as [string, string, string];
    let mine = relations.get(reader);
    if (!mine) {
      mine = { blocked: new Set(), muted: new Set() };
      relations.set(reader, mine);
    }
    (kind === 'block' ? mine.blocked : mine.muted).add(author);
  }
  return relations;
}

/**
 * What the rules know of one reader from the shared read: which authors exist and which are suspended, and the
 * reader's blocks and mutes with them. The read holds no friendship of the reader's with an author (a friendship decides nothing about a
 * public post); a rule that asks for one is noted, and the reader gets a page of their own, read with everything
 * the rules read.
 */
function readerFacts(
  viewerId: string,
  authors: ReadonlySet<string>,
  suspendedAuthors: ReadonlySet<string>,
  relations: ReaderRelations,
): ViewerFacts & { askedBeyondRead: boolean } {
  const mine = relations.get(viewerId) ?? NO_RELATIONS;
  const facts = {
    viewerId,
    citizens: authors,
    suspendedAuthors,
    askedBeyondRead: false,
    blockedWithViewer: mine.blocked,
    mutedByViewer: mine.muted,
    friendsOfViewer: {
      has: () => {
        facts.askedBeyondRead = true;
        return false;
      },
    },
  };
  return facts;
}

/**
 * A list of ids (the readers, the page's authors) padded to a power of two with its first id again (which changes
 * no answer), so the query has a handful of texts on SQLite, where each list length is its own statement.
 * (PostgreSQL takes each list as one array parameter: one text for any length, nothing to pad.)
 */
function paddedList(ids: readonly string[]): readonly string[] {
  let size = 1;
  while (size < ids.length) size *= 2;
  return size === ids.length ? ids : [...ids, ...Array<string>(size - ids.length).fill(ids[0] as string)];
}

/**
 * The live read of a shared page for its readers: each post's row and its author's, which of the readers like
 * it, and (the same on every row) the blocks and mutes between the readers and the page's authors. One
 * statement, prepared once (db/precompiled.ts): a second one for the relations, beside it, cost PostgreSQL a
 * round trip and a plan per read and doubled the database's time per page (docs/benchmarks/2026-12-06.md).
 */
export function readersLikesQuery(
  db: Db,
  dialect: DialectName,
  ids: readonly string[],
  readers: readonly string[],
  authors: readonly string[],
) {
  return db
    .selectFrom('posts')
    .leftJoin('citizens as author', 'author.id', 'posts.author_id')
    .select((eb) => [
      'posts.id',
      'posts.author_id',
      'author.id as author',
      'posts.likes_count',
      'posts.comments_count',
      'posts.updated_at',
      'posts.status',
      'posts.sharing',
      'posts.deleted_at',
      'posts.hidden_at',
      'author.suspended_at as author_suspended_at',
      likersAmong(eb, dialect, readers).as('likers'),
      relationsAmong(dialect, readers, authors).as('relations'),
    ])
    .where(oneOf(dialect, 'posts.id', ids));
}

/**
 * Which of the readers like the post, comma-separated (null when none), each looked up by the likes' key.
 * SQLite probes the key for each listed reader. PostgreSQL's plan for `citizen_id = any(…)` (and for a join
 * with the list) reads all of a post's likes instead: 6 ms a post for a stage post's 29,000. A scalar
 * subquery per reader, which the planner does not turn into a join, keeps it to one probe each.
 */
function likersAmong(eb: ExpressionBuilder<Database, 'posts'>, dialect: DialectName, readers: readonly string[]) {
  if (dialect === 'postgres') {
    return sql<string | null>`(select string_agg(reader.id::text, ',')
      from unnest(${sql.val(readers)}::uuid[]) as reader(id)
      where (select mine.post_id from likes as mine
             where mine.post_id = posts.id and mine.citizen_id = reader.id limit 1) is not null)`;
  }
  return eb
    .selectFrom('likes as mine')
    .select(sql<string | null>`group_concat(${sql.ref('mine.citizen_id')}, ',')`.as('likers'))
    .whereRef('mine.post_id', '=', 'posts.id')
    .where(oneOf(dialect, 'mine.citizen_id', readers));
}

/**
 * The blocks (either way) and mutes between the readers and the authors, as "<kind> <reader> <author>" entries,
 * comma-separated (null when none): the facts ADR 069's rules read, looked up by the blocks' and mutes' keys
 * (and the blocks' (blocked, blocker) index). It names no column of the row, so it is read once per statement.
 */
function relationsAmong(dialect: DialectName, readers: readonly string[], authors: readonly string[]) {
  const isReader = (column: string) =>
    dialect === 'postgres'
      ? sql<SqlBool>`${sql.ref(column)} = any(${sql.val(readers)}::uuid[])`
      : oneOf(dialect, column, readers);
  const isAuthor = (column: string) =>
    dialect === 'postgres'
      ? sql<SqlBool>`${sql.ref(column)} = any(${sql.val(authors)}::uuid[])`
      : oneOf(dialect, column, authors);
  const listed = dialect === 'postgres' ? sql`string_agg` : sql`group_concat`;
  return sql<string | null>`(select ${listed}(rel.kind || ' ' || rel.reader || ' ' || rel.author, ',') from (
      select 'block' as kind, blocker_id as reader, blocked_id as author from blocks
       where ${isReader('blocker_id')} and ${isAuthor('blocked_id')}
      union all
      select 'block', blocked_id, blocker_id from blocks where ${isReader('blocked_id')} and ${isAuthor('blocker_id')}
      union all
      select 'mute', muter_id, muted_id from mutes where ${isReader('muter_id')} and ${isAuthor('muted_id')}
    ) as rel)`;
}

/** The parameters of readersLikesQuery, in the order its text names them. */
function liveLikesParameters(
  dialect: DialectName,
  ids: readonly string[],
  readers: readonly string[],
  authors: readonly string[],
): unknown[] {
  // PostgreSQL takes each list as one array: one text for any number of readers and authors.
  const [readerValues, authorValues] = dialect === 'postgres' ? [[readers], [authors]] : [readers, authors];
  const relations = [readerValues, authorValues, readerValues, authorValues, readerValues, authorValues].flat();
  return [...readerValues, ...relations, ...oneOfValues(dialect, ids)];
}

const liveLikes = precompiled({
  build: readersLikesQuery,
  shape: (dialect, ids, readers, authors) =>
    `${oneOfShape(dialect, ids)}|${dialect === 'postgres' ? 'any' : `${readers.length}|${authors.length}`}`,
  parameters: liveLikesParameters,
});
