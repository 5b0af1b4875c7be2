import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { eachAlone, oncePer, writeLine } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { visibleTo } from '../posts/visibility.js';
import { type CommentTakingBack, type CommentTelling, commentNotices, commentWithdrawals } from './comment-notices.js';
import { DAY_MS, groupKeys } from './kinds.js';
import type { Notice } from './notice.js';
import { type GroupRef, type Withdrawal, withdrawNotices, writeNotices } from './notification-store.js';
import { type PushLog, pushLater } from './push/send-pushes.js';
import { whoIsTold } from './who-is-told.js';

/**
 * What each action tells, and what its undoing takes back (ADR 077). An action's notice is made after the action
 * has committed, from the row the action left (a like, a follow, a request, a friendship), read in the notice's
 * own transaction with a key-share lock on PostgreSQL: an undo racing it waits, then finds the notice to take
 * back. A repeat of an action finds the notice already written (the same actor in the same group). A row older
 * than the retention is not told again.
 *
 * Notices and withdrawals that arrive while one batch is written are written together by the next (group commit,
 * as likes are: ADR 035), on one line per database, so two batches never lock the same groups in turn.
 */
export type NoticeContext = Pick<AppContext, 'db' | 'dialect' | 'now' | 'config' | 'bell' | 'keys'>;

/** What an action tells: the source row the notice is made from. */
export type Telling =
  | { kind: 'like'; postId: string; actorId: string }
  | { kind: 'follow'; followerId: string; followeeId: string }
  | { kind: 'friendRequest'; requestId: string }
  | { kind: 'friendAccepted'; requestId: string; fromId: string; toId: string }
  | { kind: 'mention'; postId: string }
  | CommentTelling;

/** What an undo takes back, while its recipient has not read it. */
export type TakingBack =
  | { kind: 'like'; postId: string; actorId: string }
  | { kind: 'follow'; followerId: string; followeeId: string }
  | { kind: 'friendRequest'; requestId: string; fromId: string; toId: string }
  | { kind: 'mention'; postId: string; authorId: string; recipientId: string }
  | CommentTakingBack;

/** More than arrive while one batch is written; small enough for SQLite's expression depth (an `or` per item). */
const MAX_PER_BATCH = 200;

/** A telling on the line, with where its pushes report failures. */
interface TellingFrom {
  telling: Telling;
  log: PushLog;
}

const lines = oncePer((ctx: NoticeContext) => {
  const inLine = writeLine(MAX_PER_BATCH);
  return {
    // Once a batch has committed, its recipients' live streams are rung (ADR 078): they read what changed. Their
    // browsers are pushed the lines it changed, in the background (ADR 079), failures logged on the log of the
    // request that began the batch.
    tell: inLine((wants: readonly TellingFrom[]) =>
      eachOrAlone(wants, async (batch) => {
        const { told, changed } = await ctx.db.transaction().execute((trx) =>
          tellMany(
            ctx,
            trx,
            batch.map((want) => want.telling),
          ),
        );
        pushLater(ctx, changed, (batch[0] as TellingFrom).log);
        await ctx.bell.ring(told);
      }),
    ),
    takeBack: inLine((wants: readonly TakingBack[]) =>
      eachOrAlone(wants, async (batch) =>
        ctx.bell.ring(await ctx.db.transaction().execute((trx) => takeBackMany(trx, batch))),
      ),
    ),
  };
});

/** The batch in one transaction, or, should it fail, each on its own, so one bad item fails only its request. */
async function eachOrAlone<K>(wants: readonly K[], write: (batch: readonly K[]) => Promise<void>) {
  try {
    await write(wants);
    return wants.map(() => undefined);
  } catch (error) {
    if (wants.length === 1) return [error instanceof Error ? error : new Error(String(error))];
    return eachAlone(wants, (want) => write([want]));
  }
}

/** Notices on their way, per context: what `noticesWritten` waits for. */
const pending = oncePer((_ctx: NoticeContext) => new Set<Promise<void>>());

function track(ctx: NoticeContext, written: Promise<void>): Promise<void> {
  const onTheWay = pending(ctx);
  onTheWay.add(written);
  const done = () => onTheWay.delete(written);
  written.then(done, done);
  return written;
}

/** Where pushes report failures when their telling names no log (a media job's mentions). */
const consoleLog: PushLog = {
  warn: (details, message) => console.warn(message, details),
  error: (details, message) => console.error(message, details),
};

/**
 * Tells what an action did, once it has committed (a failure is the caller's to log: see quietly.ts). The pushes
 * it leads to report their failures on `log` (the request's).
 */
export const tell = (ctx: NoticeContext, telling: Telling, log: PushLog = consoleLog): Promise<void> =>
  track(ctx, lines(ctx).tell.load({ telling, log }));

/** Takes back what an undone action told, if its recipient has not read it. */
export const takeBack = (ctx: NoticeContext, takingBack: TakingBack): Promise<void> =>
  track(ctx, lines(ctx).takeBack.load(takingBack));

/**
 * Settles once every notice and withdrawal begun so far is written (or failed): the answers do not wait for them
 * (quietly.ts), so a reader that must see them (a test, the CLI before it exits) waits here.
 */
export async function noticesWritten(ctx: NoticeContext): Promise<void> {
  const onTheWay = pending(ctx);
  while (onTheWay.size > 0) await Promise.allSettled([...onTheWay]);
}

const isPostgres = (db: Db) => dialectOf(db as never) === 'postgres';
const ofKind = <W extends { kind: string }, K extends W['kind']>(wants: readonly W[], kind: K) =>
  wants.filter((want): want is Extract<W, { kind: K }> => want.kind === kind);

/** Writes the batch's notices; the answer is who was told, and which of their lines changed. */
async function tellMany(
  ctx: NoticeContext,
  trx: Db,
  wants: readonly Telling[],
): Promise<{ told: string[]; changed: GroupRef[] }> {
  const since = ctx.now() - ctx.config.NOTIFICATION_RETENTION_DAYS * DAY_MS;
  const notices = [
    ...(await likeNotices(trx, ofKind(wants, 'like'))),
    ...(await followNotices(trx, ofKind(wants, 'follow'))),
    ...(await requestNotices(trx, ofKind(wants, 'friendRequest'))),
    ...(await acceptedNotices(trx, ofKind(wants, 'friendAccepted'))),
    ...(await mentionNotices(trx, ofKind(wants, 'mention'), ctx.now())),
    ...(await commentNotices(trx, ofKind(wants, 'comment'))),
  ].filter((notice) => notice.at >= since);
  const told = await whoIsTold(trx, notices);
  const changed = await writeNotices(trx, told);
  return { told: told.map((notice) => notice.recipientId), changed };
}

/** A like of a post: its author is told, in the post's group of likes of the day the like was made. */
async function likeNotices(trx: Db, wants: readonly Extract<Telling, { kind: 'like' }>[]): Promise<Notice[]> {
  if (wants.length === 0) return [];
  let query = trx
    .selectFrom('likes')
    .innerJoin('posts', 'posts.id', 'likes.post_id')
    .select(['likes.post_id', 'likes.citizen_id', 'likes.created_at', 'posts.author_id'])
    .where((eb) =>
      eb.or(
        wants.map((want) => eb.and([eb('likes.post_id', '=', want.postId), eb('likes.citizen_id', '=', want.actorId)])),
      ),
    );
  if (isPostgres(trx)) query = query.forKeyShare('likes');
  return (await query.execute()).map((like) => ({
    recipientId: like.author_id,
    actorId: like.citizen_id,
    kind: 'like',
    postId: like.post_id,
    groupKey: groupKeys.like(like.post_id, Number(like.created_at)),
    at: Number(like.created_at),
  }));
}

/** A follow: the followed citizen is told, in the group of that day's follows. */
async function followNotices(trx: Db, wants: readonly Extract<Telling, { kind: 'follow' }>[]): Promise<Notice[]> {
  if (wants.length === 0) return [];
  let query = trx
    .selectFrom('follows')
    .select(['follower_id', 'followee_id', 'created_at'])
    .where((eb) =>
      eb.or(
        wants.map((want) => eb.and([eb('follower_id', '=', want.followerId), eb('followee_id', '=', want.followeeId)])),
      ),
    );
  if (isPostgres(trx)) query = query.forKeyShare();
  return (await query.execute()).map((follow) => ({
    recipientId: follow.followee_id,
    actorId: follow.follower_id,
    kind: 'follow',
    postId: null,
    groupKey: groupKeys.follow(Number(follow.created_at)),
    at: Number(follow.created_at),
  }));
}

/** A friend request: its recipient is told, while it is pending. */
async function requestNotices(
  trx: Db,
  wants: readonly Extract<Telling, { kind: 'friendRequest' }>[],
): Promise<Notice[]> {
  if (wants.length === 0) return [];
  let query = trx
    .selectFrom('friend_requests')
    .selectAll()
    .where(
      'id',
      'in',
      wants.map((want) => want.requestId),
    );
  if (isPostgres(trx)) query = query.forKeyShare();
  return (await query.execute()).map((request) => ({
    recipientId: request.to_id,
    actorId: request.from_id,
    kind: 'friendRequest',
    postId: null,
    groupKey: groupKeys.friendRequest(request.id),
    at: Number(request.created_at),
  }));
}

/** An accepted request: its sender is told, while the two are friends. */
async function acceptedNotices(
  trx: Db,
  wants: readonly Extract<Telling, { kind: 'friendAccepted' }>[],
): Promise<Notice[]> {
  const notices: Notice[] = [];
  for (const want of wants) {
    let query = trx
      .selectFrom('friendships')
      .select('created_at')
      .where('citizen_id', '=', want.fromId)
      .where('friend_id', '=', want.toId);
    if (isPostgres(trx)) query = query.forKeyShare();
    const friendship = await query.executeTakeFirst();
    if (!friendship) continue;
    notices.push({
      recipientId: want.fromId,
      actorId: want.toId,
      kind: 'friendAccepted',
      postId: null,
      groupKey: groupKeys.friendAccepted(want.requestId),
      at: Number(friendship.created_at),
    });
  }
  return notices;
}

/**
 * A post's mentions, once it is out (published, or its caption edited while out): each citizen it mentions who
 * may see it, by the post's rules (a friends-only post tells only the author's friends), is told once per post.
 */
async function mentionNotices(
  trx: Db,
  wants: readonly Extract<Telling, { kind: 'mention' }>[],
  at: number,
): Promise<Notice[]> {
  if (wants.length === 0) return [];
  const mentioned = await trx
    .selectFrom('post_mentions')
    .innerJoin('posts', 'posts.id', 'post_mentions.post_id')
    .select(['post_mentions.post_id', 'post_mentions.citizen_id', 'posts.author_id'])
    .where(
      'post_mentions.post_id',
      'in',
      wants.map((want) => want.postId),
    )
    .where(visibleTo(sql.ref('post_mentions.citizen_id')))
    .execute();
  return mentioned.map((row) => ({
    recipientId: row.citizen_id,
    actorId: row.author_id,
    kind: 'mention' as const,
    postId: row.post_id,
    groupKey: groupKeys.mention(row.post_id),
    at,
  }));
}

/** Withdraws the batch's notices; the answer is whose lists may have changed. */
async function takeBackMany(trx: Db, wants: readonly TakingBack[]): Promise<string[]> {
  const likes = ofKind(wants, 'like');
  const authors = new Map<string, string>();
  if (likes.length > 0) {
    const posts = await trx
      .selectFrom('posts')
      .select(['id', 'author_id'])
      .where(
        'id',
        'in',
        likes.map((like) => like.postId),
      )
      .execute();
    for (const post of posts) authors.set(post.id, post.author_id);
  }
  const withdrawals = [
    ...wants.flatMap((want) => {
      if (want.kind === 'comment') return [];
      const withdrawal = withdrawalOf(want, authors);
      return withdrawal ? [withdrawal] : [];
    }),
    ...(await commentWithdrawals(trx, ofKind(wants, 'comment'))),
  ];
  await withdrawNotices(trx, withdrawals);
  return withdrawals.map((withdrawal) => withdrawal.recipientId);
}

/** The rows an undo takes back (a like's recipient is its post's author, read for the batch). */
function withdrawalOf(
  want: Exclude<TakingBack, CommentTakingBack>,
  authors: ReadonlyMap<string, string>,
): Withdrawal | null {
  if (want.kind === 'like') {
    const author = authors.get(want.postId);
    if (!author) return null;
    return { recipientId: author, actorId: want.actorId, prefix: groupKeys.likesOf(want.postId), unreadOnly: true };
  }
  if (want.kind === 'follow') {
    return { recipientId: want.followeeId, actorId: want.followerId, prefix: groupKeys.follows, unreadOnly: true };
  }
  if (want.kind === 'friendRequest') {
    return {
      recipientId: want.toId,
      actorId: want.fromId,
      key: groupKeys.friendRequest(want.requestId),
      unreadOnly: true,
    };
  }
  return {
    recipientId: want.recipientId,
    actorId: want.authorId,
    key: groupKeys.mention(want.postId),
    unreadOnly: true,
  };
}
