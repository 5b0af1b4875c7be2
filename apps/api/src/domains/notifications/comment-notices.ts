import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { parseIdList } from '../posts/hydrate.js';
import { visibleTo } from '../posts/visibility.js';
import { groupKeys } from './kinds.js';
import type { Notice } from './notice.js';
import type { Withdrawal } from './notification-store.js';

/** A comment that was written: told from its row, once it has committed (ADR 084). */
export interface CommentTelling {
  kind: 'comment';
  commentId: string;
}

/** A comment that was deleted, as it was: what it told is taken back while unread. */
export interface CommentTakingBack {
  kind: 'comment';
  commentId: string;
  postId: string;
  threadId: string;
  /** Null for a thread's first comment. */
  parentId: string | null;
  authorId: string;
  mentionIds: readonly string[];
  postAuthorId: string;
  /** The author of the thread's first comment (the comment's own for a first comment). */
  threadAuthorId: string;
}

/**
 * Whom a comment tells (ADR 084): the post's author (a comment, in the post's group of the day), the author of the
 * thread it replies to unless that is the post's author (a reply, in the thread's group of the day), and each
 * citizen it mentions who is neither (a mention in a comment, alone). Only those who may see the post, by its
 * rules; whoIsTold then drops the commenter, blocks, mutes and switches as for every kind.
 */
export async function commentNotices(trx: Db, wants: readonly CommentTelling[]): Promise<Notice[]> {
  if (wants.length === 0) return [];
  let query = trx
    .selectFrom('comments')
    .innerJoin('posts', 'posts.id', 'comments.post_id')
    .leftJoin('comments as thread', 'thread.id', 'comments.parent_id')
    .select([
      'comments.id',
      'comments.post_id',
      'comments.thread_id',
      'comments.author_id',
      'comments.mention_ids',
      'comments.created_at',
      'posts.author_id as post_author_id',
      'thread.author_id as thread_author_id',
    ])
    .where(
      'comments.id',
      'in',
      wants.map((want) => want.commentId),
    );
  if (dialectOf(trx as never) === 'postgres') query = query.forKeyShare('comments');
  const notices: Notice[] = [];
  for (const comment of await query.execute()) {
    const at = Number(comment.created_at);
    const base = { actorId: comment.author_id, postId: comment.post_id, at };
    const told: Notice[] = [
      {
        ...base,
        recipientId: comment.post_author_id,
        kind: 'comment',
        groupKey: groupKeys.comment(comment.post_id, at),
      },
    ];
    const threadAuthor = comment.thread_author_id;
    if (threadAuthor && threadAuthor !== comment.post_author_id) {
      told.push({
        ...base,
        recipientId: threadAuthor,
        kind: 'reply',
        groupKey: groupKeys.reply(comment.thread_id, at),
      });
    }
    for (const mentioned of parseIdList(comment.mention_ids)) {
      if (mentioned === comment.post_author_id || mentioned === threadAuthor) continue;
      told.push({
        ...base,
        recipientId: mentioned,
        kind: 'commentMention',
        groupKey: groupKeys.commentMention(comment.id),
      });
    }
    notices.push(...(await whoMaySeeThePost(trx, comment.post_id, told)));
  }
  return notices;
}

/** The notices whose recipient may see the post they are about, by the post's rules. */
async function whoMaySeeThePost(trx: Db, postId: string, notices: readonly Notice[]): Promise<Notice[]> {
  const recipients = [...new Set(notices.map((notice) => notice.recipientId))];
  const seeing = await trx
    .selectFrom('citizens')
    .innerJoin('posts', (join) => join.on('posts.id', '=', postId))
    .select('citizens.id')
    .where('citizens.id', 'in', recipients)
    .where(visibleTo(sql.ref('citizens.id')))
    .execute();
  const may = new Set(seeing.map((row) => row.id));
  return notices.filter((notice) => may.has(notice.recipientId));
}

/**
 * What deleted comments take back, while unread: each mention alone; the comment and reply lines only when their
 * author has no other comment left under the post (or reply in the thread), since a group holds one line per actor.
 */
export async function commentWithdrawals(trx: Db, wants: readonly CommentTakingBack[]): Promise<Withdrawal[]> {
  if (wants.length === 0) return [];
  const left = await trx
    .selectFrom('comments')
    .select(['post_id', 'thread_id', 'parent_id', 'author_id'])
    .where('post_id', 'in', [...new Set(wants.map((want) => want.postId))])
    .where('author_id', 'in', [...new Set(wants.map((want) => want.authorId))])
    .execute();
  const stillOnPost = new Set(left.map((row) => `${row.post_id} ${row.author_id}`));
  const stillInThread = new Set(left.flatMap((row) => (row.parent_id ? [`${row.thread_id} ${row.author_id}`] : [])));
  return wants.flatMap((want) => {
    const withdrawals: Withdrawal[] = want.mentionIds.map((recipientId) => ({
      recipientId,
      actorId: want.authorId,
      key: groupKeys.commentMention(want.commentId),
      unreadOnly: true,
    }));
    if (!stillOnPost.has(`${want.postId} ${want.authorId}`)) {
      withdrawals.push({
        recipientId: want.postAuthorId,
        actorId: want.authorId,
        prefix: groupKeys.commentsOf(want.postId),
        unreadOnly: true,
      });
    }
    if (want.parentId && !stillInThread.has(`${want.threadId} ${want.authorId}`)) {
      withdrawals.push({
        recipientId: want.threadAuthorId,
        actorId: want.authorId,
        prefix: groupKeys.repliesOf(want.threadId),
        unreadOnly: true,
      });
    }
    return withdrawals;
  });
}
