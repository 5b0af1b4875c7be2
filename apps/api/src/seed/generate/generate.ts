import { sql } from 'kysely';
import { v7 } from 'uuid';
import type { AppContext } from '../../context.js';
import { fillEveryTimelineStatement } from '../../domains/feeds/following-timeline.js';
import { hashtagKey } from '../../domains/posts/caption.js';
import { searchPrefixRows } from '../../domains/search/search-terms.js';
import { createRandom } from '../random.js';
import type { BulkWriter, Sink } from './bulk-writer.js';
import { makeCaption } from './captions.js';
import { renderImagePool } from './image-pool.js';
import { type GenerateInput, type GenerateOptions, parseGenerateOptions } from './options.js';
import { makePlan, type Plan } from './plan.js';
import { createPostgresWriter } from './postgres-writer.js';
import { distinct } from './sampling.js';
import { createSqliteWriter } from './sqlite-writer.js';
import {
  bulkTables,
  citizenSearchPrefixesTable,
  citizensTable,
  followsTable,
  friendshipsTable,
  hashtagsTable,
  likesTable,
  postHashtagsTable,
  postMentionsTable,
  postsTable,
  stageEntriesTable,
} from './tables.js';
import { bios, countries, firstNames, hashtags, lastNames } from './vocabulary.js';

export type GeneratePhase =
  | 'images'
  | 'plan'
  | 'citizens'
  | 'follows'
  | 'friendships'
  | 'posts'
  | 'timelines'
  | 'indexes';
export type ProgressListener = (phase: GeneratePhase, done: number, total: number) => void;

export interface GenerateSummary {
  citizens: number;
  posts: number;
  likes: number;
  follows: number;
  friendships: number;
  privatePosts: number;
  stageEntries: number;
  elapsedMs: number;
}

const SIX_HOURS = 6 * 3_600_000;
const PROGRESS_EVERY = 50_000;

async function writerFor(ctx: AppContext): Promise<BulkWriter> {
  if (ctx.dialect === 'postgres') return createPostgresWriter(ctx.db);
  const { rows } = await sql<{ file: string }>`select file from pragma_database_list where name = 'main'`.execute(
    ctx.db,
  );
  const file = rows[0]?.file;
  if (!file) throw new Error('generate needs a database file (DATA_DIR), not an in-memory database');
  return createSqliteWriter(file);
}

export const generatedUsername = (index: number): string =>
  `${firstNames[index % firstNames.length]}_${lastNames[(index * 7 + 3) % lastNames.length]}_${index + 1}`.toLowerCase();

/**
 * Writes a synthetic dataset in one transaction: citizens with pictures, follows, friendships, posts with
 * captions, hashtags, mentions and real images, likes, and stage entries. Counters on rows equal the edge
 * counts exactly, and the following timelines hold what the streams say; ids are UUID v7 minted at each row's
 * (backdated) time, so id order is time order. The same options (seed and until included) always produce the same
 * rows.
 */
export async function generateDataset(
  ctx: AppContext,
  input: GenerateInput,
  onProgress: ProgressListener = () => {},
): Promise<GenerateSummary> {
  const started = Date.now();
  const options = parseGenerateOptions(input);
  const taken = await ctx.db
    .selectFrom('citizens')
    .select('id')
    .where('username_key', '=', generatedUsername(0))
    .executeTakeFirst();
  if (taken) {
    throw new Error(
      `this database already holds generated citizens (${generatedUsername(0)}); generate into a fresh DATA_DIR or database`,
    );
  }
  onProgress('images', 0, options.imagePool);
  const pool = await renderImagePool(ctx.media.files, options.seed, options.imagePool);
  onProgress('images', options.imagePool, options.imagePool);
  onProgress('plan', 0, 1);
  const plan = makePlan(options);
  onProgress('plan', 1, 1);

  const writer = await writerFor(ctx);
  const summary = { citizens: options.citizens, follows: options.follows, friendships: options.friendships };
  try {
    const counted = { likes: 0, privatePosts: 0, stageEntries: 0 };
    await writer.load(
      bulkTables,
      async (sink) => {
        const ids = await writeCitizens(sink, options, plan, pool, onProgress);
        await writeEdges(sink, options, plan, ids, onProgress);
        Object.assign(counted, await writePosts(sink, options, plan, ids, pool.posts, onProgress));
        // Every reader's timeline, by the one rule, once the posts and edges it reads are in.
        onProgress('timelines', 0, 1);
        await sink.flush();
        await sink.run(fillEveryTimelineStatement(ctx.db), []);
        onProgress('timelines', 1, 1);
      },
      {
        onIndexes: (phase, count) => {
          if (phase === 'rebuilding') onProgress('indexes', 0, count);
          if (phase === 'rebuilt') onProgress('indexes', count, count);
        },
      },
    );
    return { ...summary, posts: options.posts, ...counted, elapsedMs: Date.now() - started };
  } finally {
    await writer.close();
  }
}

const seededId = (at: number, rnd: ReturnType<typeof createRandom>) => v7({ msecs: at, random: rnd.bytes16() });

async function writeCitizens(
  sink: Sink,
  options: GenerateOptions,
  plan: Plan,
  pool: { avatars: string[]; covers: string[] },
  onProgress: ProgressListener,
): Promise<string[]> {
  const rnd = createRandom(`${options.seed}:citizens`);
  const ids: string[] = new Array(options.citizens);
  for (let i = 0; i < options.citizens; i++) {
    const at = plan.citizenTimes[i] as number;
    const id = seededId(at, rnd);
    ids[i] = id;
    const username = generatedUsername(i);
    const [first, last] = username.split('_') as [string, string];
    const displayName = `${first.charAt(0).toUpperCase()}${first.slice(1)} ${last.charAt(0).toUpperCase()}${last.slice(1)}`;
    const country = countries[plan.citizenCountry[i] as number] ?? countries[0];
    const full = sink.push(citizensTable, [
      id,
      username,
      username,
      displayName,
      displayName.toLowerCase(),
      rnd.pick(bios),
      rnd.chance(0.85) ? rnd.pick(pool.avatars) : null,
      rnd.chance(0.5) ? rnd.pick(pool.covers) : null,
      country.code,
      country.language,
      plan.followersCount[i] as number,
      plan.followingCount[i] as number,
      plan.friendsCount[i] as number,
      plan.postsCount[i] as number,
      at,
      at,
    ]);
    let prefixesFull = false;
    const followers = plan.followersCount[i] as number;
    for (const row of searchPrefixRows({ id, username, displayName, followers })) {
      prefixesFull = sink.push(citizenSearchPrefixesTable, [row.citizen_id, row.prefix, row.tier, row.username_key]);
    }
    if (full || prefixesFull) await sink.flush();
    if ((i + 1) % PROGRESS_EVERY === 0) onProgress('citizens', i + 1, options.citizens);
  }
  await sink.flush();
  onProgress('citizens', options.citizens, options.citizens);
  return ids;
}

async function writeEdges(
  sink: Sink,
  options: GenerateOptions,
  plan: Plan,
  ids: string[],
  onProgress: ProgressListener,
): Promise<void> {
  for (let e = 0; e < options.follows; e++) {
    const row = [ids[plan.follows[e * 2] as number], ids[plan.follows[e * 2 + 1] as number], plan.followTimes[e]];
    if (sink.push(followsTable, row as [string, string, number])) await sink.flush();
    if ((e + 1) % (PROGRESS_EVERY * 4) === 0) onProgress('follows', e + 1, options.follows);
  }
  onProgress('follows', options.follows, options.follows);
  const directed = plan.friendshipTimes.length;
  for (let e = 0; e < directed; e++) {
    const row = [
      ids[plan.friendships[e * 2] as number],
      ids[plan.friendships[e * 2 + 1] as number],
      plan.friendshipTimes[e],
    ];
    if (sink.push(friendshipsTable, row as [string, string, number])) await sink.flush();
  }
  await sink.flush();
  onProgress('friendships', options.friendships, options.friendships);
}

async function writePosts(
  sink: Sink,
  options: GenerateOptions,
  plan: Plan,
  ids: string[],
  images: { uri: string; width: number; height: number; altText: string }[],
  onProgress: ProgressListener,
) {
  const rnd = createRandom(`${options.seed}:posts`);
  const now = options.until;

  // Tags the database does not know yet are created now (posts refer to them); counts are added at the end.
  const keys = hashtags.map(hashtagKey);
  const known = new Set(
    (
      await sink.query<{ name_key: string }>(
        `select name_key from hashtags where name_key in (${keys.map(() => '?').join(',')})`,
        keys,
      )
    ).map((row) => row.name_key),
  );
  const created = hashtags.filter((tag) => !known.has(hashtagKey(tag)));
  for (const tag of created) sink.push(hashtagsTable, [hashtagKey(tag), tag, 0, plan.postTimes[0] ?? now]);
  await sink.flush();
  const tagUses = new Map<string, number>();

  let likes = 0;
  let privatePosts = 0;
  let stageEntries = 0;
  for (let i = 0; i < options.posts; i++) {
    const at = plan.postTimes[i] as number;
    const author = plan.postAuthor[i] as number;
    const id = seededId(at, rnd);
    const mentioned = rnd.chance(0.12) ? (distinct(1, options.citizens, author, rnd)[0] as number) : -1;
    const caption = makeCaption(rnd, mentioned >= 0 ? generatedUsername(mentioned) : null);
    const isPrivate = rnd.chance(options.privateShare);
    const image = rnd.pick(images);
    const link = rnd.chance(0.08) ? `https://example.org/${caption.tags[0] ?? 'notes'}/${i + 1}` : null;
    const likeCount = plan.postLikes[i] as number;
    let full = sink.push(postsTable, [
      id,
      ids[author] as string,
      caption.text,
      JSON.stringify(mentioned >= 0 ? [ids[mentioned]] : []),
      JSON.stringify(caption.tags),
      'image',
      isPrivate ? 'private' : 'public',
      'ready',
      image.uri,
      image.width,
      image.height,
      image.altText,
      link,
      likeCount,
      at,
      at,
    ]);
    for (const tag of caption.tags) {
      const key = hashtagKey(tag);
      // A tag counts the posts everyone may see (domains/posts/hashtag-links.ts); a private one is only linked.
      tagUses.set(key, (tagUses.get(key) ?? 0) + (isPrivate ? 0 : 1));
      full = sink.push(postHashtagsTable, [id, key]) || full;
    }
    if (mentioned >= 0) full = sink.push(postMentionsTable, [id, ids[mentioned] as string]) || full;

    // Likes come mostly soon after posting; the threshold-th one puts a public post on the stage.
    const likeTimes: number[] = [];
    for (const liker of distinct(likeCount, options.citizens, author, rnd)) {
      const likedAt = Math.floor(at + (now - at) * rnd.next() ** 3);
      likeTimes.push(likedAt);
      full = sink.push(likesTable, [id, ids[liker] as string, likedAt]) || full;
    }
    likes += likeCount;
    if (isPrivate) privatePosts += 1;
    else {
      const curatedAt = rnd.chance(options.curatedShare)
        ? Math.min(now, at + Math.floor(rnd.next() * SIX_HOURS))
        : null;
      const autoAt =
        likeCount >= options.autoStageLikes
          ? (likeTimes.sort((a, b) => a - b)[options.autoStageLikes - 1] as number)
          : null;
      if (curatedAt !== null || autoAt !== null) {
        const curatedFirst = autoAt === null || (curatedAt !== null && curatedAt <= autoAt);
        const country = countries[plan.citizenCountry[author] as number]?.code ?? 'GB';
        const stagedAt = curatedFirst ? (curatedAt as number) : autoAt;
        full = sink.push(stageEntriesTable, [country, id, stagedAt, curatedFirst ? 'curated' : 'auto']) || full;
        stageEntries += 1;
      }
    }
    if (full) await sink.flush();
    if ((i + 1) % PROGRESS_EVERY === 0) onProgress('posts', i + 1, options.posts);
  }
  await sink.flush();
  onProgress('posts', options.posts, options.posts);

  for (const [key, uses] of tagUses) {
    if (uses > 0) await sink.run('update hashtags set posts_count = posts_count + ? where name_key = ?', [uses, key]);
  }
  for (const tag of created) {
    if (!tagUses.has(hashtagKey(tag))) await sink.run('delete from hashtags where name_key = ?', [hashtagKey(tag)]);
  }
  return { likes, privatePosts, stageEntries };
}
