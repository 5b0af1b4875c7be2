import type { AppContext } from '../../context.js';
import { oneOf } from '../../db/id-list.js';
import type { LogRow } from './decisions.js';
import type { LogNames } from './present.js';

/** A log's line or a report: whom it is about, and (a log's line) who decided. */
type Named = Pick<LogRow, 'subject_kind' | 'subject_id'> & { moderator_id?: string | null };

/**
 * The usernames the log's lines (ADR 073) and my reports show: each line's moderator, and whom it was about (the
 * citizen, or the post's or comment's author), read whatever the rules would show anyone else. One query for the
 * citizens named by id, one for the posts' authors, one for the comments'.
 */
export async function logNames(ctx: Pick<AppContext, 'db' | 'dialect'>, rows: readonly Named[]): Promise<LogNames> {
  const citizenIds = [
    ...new Set(
      rows.flatMap((row) => [
        ...(row.moderator_id ? [row.moderator_id] : []),
        ...(row.subject_kind === 'citizen' ? [row.subject_id] : []),
      ]),
    ),
  ];
  const postIds = [...new Set(rows.filter((row) => row.subject_kind === 'post').map((row) => row.subject_id))];
  const commentIds = [...new Set(rows.filter((row) => row.subject_kind === 'comment').map((row) => row.subject_id))];
  const [citizens, posts, comments] = await Promise.all([
    citizenIds.length === 0
      ? []
      : ctx.db
          .selectFrom('citizens')
          .select(['id', 'username'])
          .where(oneOf(ctx.dialect, 'id', citizenIds))
          .execute(),
    postIds.length === 0
      ? []
      : ctx.db
          .selectFrom('posts')
          .innerJoin('citizens as author', 'author.id', 'posts.author_id')
          .select(['posts.id', 'author.username'])
          .where(oneOf(ctx.dialect, 'posts.id', postIds))
          .execute(),
    commentIds.length === 0
      ? []
      : ctx.db
          .selectFrom('comments')
          .innerJoin('citizens as author', 'author.id', 'comments.author_id')
          .select(['comments.id', 'author.username'])
          .where(oneOf(ctx.dialect, 'comments.id', commentIds))
          .execute(),
  ]);
  const usernames = new Map(citizens.map(({ id, username }) => [id, username]));
  const subjects = new Map<string, string>();
  for (const row of rows) {
    if (row.subject_kind !== 'citizen') continue;
    const username = usernames.get(row.subject_id);
    if (username) subjects.set(`citizen:${row.subject_id}`, username);
  }
  for (const post of posts) subjects.set(`post:${post.id}`, post.username);
  for (const comment of comments) subjects.set(`comment:${comment.id}`, comment.username);
  return { moderators: usernames, subjects };
}
