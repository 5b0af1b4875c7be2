import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { precompiled } from '../../db/precompiled.js';
import type { CitizenSummaryRow } from '../posts/hydrate.js';
import { commentShown } from './comment-rules.js';
import { commentCitizens, commentsState } from './comment-store.js';
import type { CommentRow } from './present.js';

type PageRow = CommentRow & {
  author_username: string | null;
  author_display_name: string | null;
  author_picture: string | null;
  author_country: string | null;
  post_comments_count: number | string;
  post_comments_off: number | string;
};

type After = readonly [string, string] | undefined;

/**
 * One statement for a page (ADR 084): the comments the viewer may see (comment-rules.ts), oldest thread first,
 * one row more than the page, each with its author's summary and the post's count and switch. Built and compiled
 * once per shape (a first page, or one after a position), as the post reads are (db/precompiled.ts).
 */
const pageRows = precompiled({
  build: (db: Db, postId: string, viewerId: string | null, after: After, size: number) => {
    let query = db
      .selectFrom('comments')
      .leftJoin('citizens as author', 'author.id', 'comments.author_id')
      .selectAll('comments')
      .select([
        'author.username as author_username',
        'author.display_name as author_display_name',
        'author.profile_picture_uri as author_picture',
        'author.country as author_country',
        sql<number>`(select post.comments_count from posts as post where post.id = ${postId})`.as(
          'post_comments_count',
        ),
        sql<number>`(select post.comments_off from posts as post where post.id = ${postId})`.as('post_comments_off'),
      ])
      .where('comments.post_id', '=', postId)
      .where(commentShown('comments', viewerId, 'author'));
    if (after) query = query.where(sql<boolean>`(comments.thread_id, comments.id) > (${after[0]}, ${after[1]})`);
    return query
      .orderBy('comments.thread_id')
      .orderBy('comments.id')
      .limit(size + 1);
  },
  shape: (_postId, _viewerId, after) => (after ? 'after' : 'first'),
  // The values in the order the statement names them: the post's count and switch, the post, the rule's eight
  // probes of the viewer (the comment's four, its thread's four), the position, the limit.
  parameters: (postId, viewerId, after, size) => [
    postId,
    postId,
    postId,
    ...Array.from({ length: 8 }, () => viewerId),
    ...(after ? [after[0], after[1]] : []),
    size + 1,
  ],
});

export interface CommentsPage {
  /** Up to one comment more than the page: its presence says another page follows. */
  rows: CommentRow[];
  citizens: Map<string, CitizenSummaryRow>;
  commentsCount: number;
  commentsOff: boolean;
}

/**
 * A page of a post's comments with what presenting them needs: their authors from the page's own statement, the
 * citizens they mention (rarer: a second read only for those not among the authors), the post's count and switch
 * (read on their own only when the page is empty).
 */
export async function commentsPage(
  db: Db,
  postId: string,
  viewerId: string | null,
  after: After,
  size: number,
): Promise<CommentsPage> {
  const found = (await pageRows(db, postId, viewerId, after, size)) as PageRow[];
  const citizens = new Map<string, CitizenSummaryRow>();
  const rows: CommentRow[] = [];
  for (const row of found) {
    const { author_username, author_display_name, author_picture, author_country } = row;
    if (author_username !== null && author_display_name !== null && author_country !== null) {
      citizens.set(row.author_id, {
        id: row.author_id,
        username: author_username,
        display_name: author_display_name,
        profile_picture_uri: author_picture,
        country: author_country,
      });
    }
    rows.push({
      id: row.id,
      post_id: row.post_id,
      thread_id: row.thread_id,
      parent_id: row.parent_id,
      author_id: row.author_id,
      text: row.text,
      mention_ids: row.mention_ids,
      created_at: Number(row.created_at),
      hidden_at: row.hidden_at === null ? null : Number(row.hidden_at),
      moderation_reason: row.moderation_reason,
    });
  }
  const mentioned = rows.filter((row) => row.mention_ids !== '[]');
  if (mentioned.length > 0) {
    for (const [id, citizen] of await commentCitizens(db, mentioned)) if (!citizens.has(id)) citizens.set(id, citizen);
  }
  const first = found[0];
  const state = first
    ? {
        commentsCount: Math.max(0, Number(first.post_comments_count)),
        commentsOff: Number(first.post_comments_off) === 1,
      }
    : await commentsState(db, postId);
  return { rows, citizens, ...state };
}
