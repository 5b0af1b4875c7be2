import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { visibleTo } from '../posts/visibility.js';
import { DAY_MS, groupKeys } from './kinds.js';
import type { Notice } from './notice.js';
import { type Withdrawal, withdrawNotices, writeNotices } from './notification-store.js';
import { whoIsTold } from './who-is-told.js';

/**
 * What each action tells, and what its undoing takes back (ADR 077). An action's notice is made after the action
 * has committed, from the row the action left (a like, a follow, a request), read in the notice's own transaction
 * with a share lock on PostgreSQL: an undo racing it waits, then finds the notice to take back. A repeat of an
 * action finds the notice already written (the same actor in the same group). A row older than the retention is
 * not told again.
 */
export type NoticeContext = Pick<AppContext, 'db' | 'now' | 'config'>;

const isPostgres = (db: Db) => dialectOf(db as never) === 'postgres';

async function tell(ctx: NoticeContext, source: (trx: Db) => Promise<Notice[]>): Promise<void> {
  const since = ctx.now() - ctx.config.NOTIFICATION_RETENTION_DAYS * DAY_MS;
  await ctx.db.transaction().execute(async (trx) => {
    const notices = (await source(trx)).filter((notice) => notice.at >= since);
    if (notices.length === 0) return;
    await writeNotices(trx, await whoIsTold(trx, notices));
  });
}

const takeBack = (ctx: NoticeContext, withdrawal: Withdrawal) =>
  ctx.db.transaction().execute((trx) => withdrawNotices(trx, withdrawal));

/** A like of a post: its author is told, in the post's group of likes of the day the like was made. */
export const tellLike = (ctx: NoticeContext, postId: string, actorId: string) =>
  tell(ctx, async (trx) => {
    let query = trx
      .selectFrom('likes')
      .innerJoin('posts', 'posts.id', 'likes.post_id')
      .select(['likes.created_at', 'posts.author_id'])
      .where('likes.post_id', '=', postId)
      .where('likes.citizen_id', '=', actorId);
    if (isPostgres(trx)) query = query.forKeyShare('likes');
    const like = await query.executeTakeFirst();
    if (!like) return [];
    const at = like.created_at;
    return [{ recipientId: like.author_id, actorId, kind: 'like', postId, groupKey: groupKeys.like(postId, at), at }];
  });

/** An unlike takes back what the like told, if its author has not read it. */
export async function takeBackLike(ctx: NoticeContext, postId: string, actorId: string): Promise<void> {
  const post = await ctx.db.selectFrom('posts').select('author_id').where('id', '=', postId).executeTakeFirst();
  if (!post) return;
  await takeBack(ctx, { recipientId: post.author_id, actorId, prefix: groupKeys.likesOf(postId), unreadOnly: true });
}

/** A follow: the followed citizen is told, in the group of that day's follows. */
export const tellFollow = (ctx: NoticeContext, followerId: string, followeeId: string) =>
  tell(ctx, async (trx) => {
    let query = trx
      .selectFrom('follows')
      .select('created_at')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId);
    if (isPostgres(trx)) query = query.forKeyShare();
    const follow = await query.executeTakeFirst();
    if (!follow) return [];
    const at = follow.created_at;
    return [
      {
        recipientId: followeeId,
        actorId: followerId,
        kind: 'follow',
        postId: null,
        groupKey: groupKeys.follow(at),
        at,
      },
    ];
  });

export const takeBackFollow = (ctx: NoticeContext, followerId: string, followeeId: string) =>
  takeBack(ctx, { recipientId: followeeId, actorId: followerId, prefix: groupKeys.follows, unreadOnly: true });

/** A friend request: its recipient is told, while it is pending. */
export const tellFriendRequest = (ctx: NoticeContext, requestId: string) =>
  tell(ctx, async (trx) => {
    let query = trx.selectFrom('friend_requests').selectAll().where('id', '=', requestId);
    if (isPostgres(trx)) query = query.forKeyShare();
    const request = await query.executeTakeFirst();
    if (!request) return [];
    return [
      {
        recipientId: request.to_id,
        actorId: request.from_id,
        kind: 'friendRequest',
        postId: null,
        groupKey: groupKeys.friendRequest(request.id),
        at: request.created_at,
      },
    ];
  });

/** A cancelled request takes back what it told, if its recipient has not read it. */
export const takeBackFriendRequest = (ctx: NoticeContext, request: { id: string; from_id: string; to_id: string }) =>
  takeBack(ctx, {
    recipientId: request.to_id,
    actorId: request.from_id,
    key: groupKeys.friendRequest(request.id),
    unreadOnly: true,
  });

/** An accepted request: its sender is told, while the two are friends. */
export const tellFriendAccepted = (ctx: NoticeContext, request: { id: string; from_id: string; to_id: string }) =>
  tell(ctx, async (trx) => {
    let query = trx
      .selectFrom('friendships')
      .select('created_at')
      .where('citizen_id', '=', request.from_id)
      .where('friend_id', '=', request.to_id);
    if (isPostgres(trx)) query = query.forKeyShare();
    const friendship = await query.executeTakeFirst();
    if (!friendship) return [];
    return [
      {
        recipientId: request.from_id,
        actorId: request.to_id,
        kind: 'friendAccepted',
        postId: null,
        groupKey: groupKeys.friendAccepted(request.id),
        at: friendship.created_at,
      },
    ];
  });

/**
 * A post's mentions, once it is out (published, or its caption edited while out): each citizen it mentions who
 * may see it, by the post's rules (a friends-only post tells only the author's friends), is told once per post.
 */
export const tellMentions = (ctx: NoticeContext, postId: string) =>
  tell(ctx, async (trx) => {
    const at = ctx.now();
    const mentioned = await trx
      .selectFrom('post_mentions')
      .innerJoin('posts', 'posts.id', 'post_mentions.post_id')
      .select(['post_mentions.citizen_id', 'posts.author_id'])
      .where('post_mentions.post_id', '=', postId)
      .where(visibleTo(sql.ref('post_mentions.citizen_id')))
      .execute();
    return mentioned.map((row) => ({
      recipientId: row.citizen_id,
      actorId: row.author_id,
      kind: 'mention' as const,
      postId,
      groupKey: groupKeys.mention(postId),
      at,
    }));
  });

/** A caption edited so that it no longer mentions some citizens takes back their unread mentions. */
export async function takeBackMentions(
  ctx: NoticeContext,
  postId: string,
  authorId: string,
  citizenIds: readonly string[],
): Promise<void> {
  for (const recipientId of citizenIds) {
    await takeBack(ctx, { recipientId, actorId: authorId, key: groupKeys.mention(postId), unreadOnly: true });
  }
}
