'use client';

import type { CommentView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { CommentItem } from './comment-item';
import { threadsOf } from './comment-rules';
import styles from './comments.module.css';

/**
 * The threads as a list named by the section's heading, each thread's replies a list of their own one step in,
 * named for whom they answer.
 */
export function CommentList({
  comments,
  me,
  onReply,
  onDeleted,
}: {
  comments: readonly CommentView[];
  /** The signed-in reader's username; null for a guest. */
  me: string | null;
  onReply: ((comment: CommentView) => void) | null;
  onDeleted: () => void;
}) {
  const t = useTranslations('Comments');
  const now = Date.now();
  return (
    <ol className={styles.threads} aria-labelledby="comments-heading">
      {threadsOf(comments).map(({ comment, replies }) => (
        <li key={comment.id}>
          <CommentItem
            comment={comment}
            now={now}
            hasReplies={replies.length > 0}
            me={me}
            onReply={onReply}
            onDeleted={onDeleted}
          />
          {replies.length > 0 ? (
            <ol className={styles.replies} aria-label={t('repliesTo', { name: comment.author.displayName })}>
              {replies.map((reply) => (
                <li key={reply.id}>
                  <CommentItem
                    comment={reply}
                    now={now}
                    hasReplies={false}
                    me={me}
                    onReply={onReply}
                    onDeleted={onDeleted}
                  />
                </li>
              ))}
            </ol>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
