'use client';

import type { CommentView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { isPendingComment } from '@/client';
import { Link } from '../link';
import { Avatar } from '../people/avatar';
import { CaptionText } from '../post/caption-text';
import { PostTime } from '../post/post-time';
import { MoreMenu } from '../safety/more-menu';
import styles from './comments.module.css';
import { DeleteCommentControl } from './delete-comment-control';

interface CommentItemProps {
  comment: CommentView;
  /** The instant ages are measured against. */
  now: number;
  /** Whether it is a thread's first comment with replies under it (deleting it takes them too). */
  hasReplies: boolean;
  /** The signed-in reader's username (null for a guest): another's comment offers its "…" menu. */
  me: string | null;
  /** "Reply" is offered (a citizen, comments on); it fills the composer. */
  onReply: ((comment: CommentView) => void) | null;
  onDeleted: () => void;
}

/**
 * One comment: its author's face and name (to their profile), when, the words with mentions and hashtags linked
 * as a caption's are, and Reply and Delete where the reader may. A comment still being sent says so and offers
 * neither; one a moderator hid is shown to its author alone, who is told.
 */
export function CommentItem({ comment, now, hasReplies, me, onReply, onDeleted }: CommentItemProps) {
  const t = useTranslations('Comments');
  const pending = isPendingComment(comment);
  const { author } = comment;
  const actions = !pending && (onReply !== null || comment.canDelete);
  // Report the comment, or mute or block its author (ADR 071, 084); never on one's own.
  const menu = !pending && me !== null && me !== author.username;
  return (
    <div className={styles.comment} data-pending={pending}>
      <Avatar uri={author.profilePictureUri} alt="" size={32} />
      <div>
        <div className={styles.head}>
          <p className={styles.byline}>
            <Link href={`/u/${encodeURIComponent(author.username)}`} className={styles.author} dir="auto">
              {author.displayName}
            </Link>
            <span className={styles.when}>
              {pending ? t('sending') : <PostTime createdAt={comment.createdAt} now={now} />}
            </span>
          </p>
          {menu ? (
            <div className={styles.menu}>
              <MoreMenu subject={{ citizenId: author.id, username: author.username, commentId: comment.id }} />
            </div>
          ) : null}
        </div>
        <div className={styles.text}>
          <CaptionText caption={comment.text} hashtags={comment.hashtags} />
        </div>
        {comment.moderationDecision ? <p className={styles.hidden}>{t('hiddenByModerator')}</p> : null}
        {actions ? (
          <div className={styles.actions}>
            {onReply ? (
              <button
                type="button"
                className={styles.action}
                onClick={() => onReply(comment)}
                aria-label={t('replyTo', { name: author.displayName })}
              >
                {t('reply')}
              </button>
            ) : null}
            {comment.canDelete ? (
              <DeleteCommentControl comment={comment} hasReplies={hasReplies} onDeleted={onDeleted} />
            ) : null}
          </div>
        ) : null}
      </div>
    </div>
  );
}
