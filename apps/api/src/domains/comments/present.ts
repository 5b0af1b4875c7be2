import type { CommentView } from '@civitas/contract';
import type { Selectable } from 'kysely';
import type { CommentsTable } from '../../db/tables/comments.js';
import { extractHashtags } from '../posts/caption.js';
import type { CitizenSummaryRow } from '../posts/hydrate.js';
import { parseIdList } from '../posts/hydrate.js';
import { citizenSummaryView, isoTime, moderationDecisionOf } from '../posts/present.js';

export type CommentRow = Selectable<CommentsTable>;

/** Who reads a comment: the viewer (null, a guest) and the author of the post it is under. */
export interface CommentReader {
  viewerId: string | null;
  postAuthorId: string;
}

/**
 * A comment as its reader sees it, with its author and the citizens it mentions from `citizens` (those missing
 * there, an account gone or never confirmed, are left out of its mentions as a caption's are).
 */
export function commentView(
  comment: CommentRow,
  citizens: ReadonlyMap<string, CitizenSummaryRow>,
  reader: CommentReader,
): CommentView {
  const author = citizens.get(comment.author_id);
  if (!author) throw new Error(`comment ${comment.id} presented without its author`);
  return {
    id: comment.id,
    postId: comment.post_id,
    parentId: comment.parent_id,
    author: citizenSummaryView(author),
    text: {
      content: comment.text,
      mentions: parseIdList(comment.mention_ids).flatMap((id) => {
        const citizen = citizens.get(id);
        return citizen ? [{ id, username: citizen.username, displayName: citizen.display_name }] : [];
      }),
    },
    hashtags: extractHashtags(comment.text),
    createdAt: isoTime(comment.created_at),
    createdAtTimestampInMilliseconds: comment.created_at,
    canDelete:
      reader.viewerId !== null && (reader.viewerId === comment.author_id || reader.viewerId === reader.postAuthorId),
    moderationDecision: moderationDecisionOf(comment),
  };
}
