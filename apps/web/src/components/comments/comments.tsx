'use client';

import type { CommentView } from '@civitas/contract';
import { useLocale, useTranslations } from 'next-intl';
import { type ReactNode, useRef } from 'react';
import { commentsInOrder, formatCount, threadOf, useGetCommentsInfiniteQuery, useGetMeQuery } from '@/client';
import { signInHref } from '@/session/request-path';
import { ErrorMessage } from '../error-message';
import { CommentComposer } from './comment-composer';
import { CommentList } from './comment-list';
import styles from './comments.module.css';
import { CommentsSwitch } from './comments-switch';
import { FailureNotice } from './failure-notice';
import { useCommentDraft } from './use-comment-draft';

/** Who reads the comments: a guest, or a signed-in citizen, who may be the post's author. */
export type CommentsViewer = { kind: 'guest' } | { kind: 'citizen'; username: string; isAuthor: boolean };

export interface CommentsProps {
  postId: string;
  viewer: CommentsViewer;
}

/**
 * A post's comments from the store (ADR 084): the heading with the count (and, for the post's author, the
 * switch), the threads, "Show more comments" (a button only: the composer sits below the list), and at the
 * end the composer for a citizen, a way to sign in for a guest, or "Comments are turned off" for everyone.
 */
export function Comments({ postId, viewer }: CommentsProps) {
  const t = useTranslations('Comments');
  const locale = useLocale();
  const citizen = viewer.kind === 'citizen' ? viewer : null;
  const result = useGetCommentsInfiniteQuery({ params: { id: postId } });
  // My name and face on a comment while it is being sent (comment-updates.ts).
  useGetMeQuery(undefined, { skip: !citizen });
  const draft = useCommentDraft(postId, citizen?.username ?? null);
  const heading = useRef<HTMLHeadingElement>(null);
  const pages = result.data?.pages ?? [];
  const latest = pages.at(-1);
  const comments = commentsInOrder(pages);
  const open = latest?.commentsOff === false;
  const onReply =
    citizen && open
      ? (comment: CommentView) => draft.startReply({ threadId: threadOf(comment), username: comment.author.username })
      : null;
  // A deleted comment takes its buttons with it: the focus goes to the section's heading, not to the page's top.
  const onDeleted = () => heading.current?.focus();

  let list: ReactNode;
  if (result.isLoading) {
    list = (
      <p role="status" className={styles.status}>
        {t('loading')}
      </p>
    );
  } else if (!latest) {
    list = <ErrorMessage error={result.error} onRetry={() => result.refetch()} />;
  } else if (comments.length === 0) {
    list = <p className={styles.status}>{t('empty')}</p>;
  } else {
    list = <CommentList comments={comments} me={citizen?.username ?? null} onReply={onReply} onDeleted={onDeleted} />;
  }

  return (
    <>
      <div className={styles.top}>
        <h2 id="comments-heading" ref={heading} tabIndex={-1} className={styles.heading}>
          {latest ? t('headingCount', { formatted: formatCount(latest.commentsCount, locale) }) : t('heading')}
        </h2>
        {citizen?.isAuthor && latest ? <CommentsSwitch postId={postId} commentsOff={latest.commentsOff} /> : null}
      </div>
      {list}
      {latest && result.error ? <ErrorMessage error={result.error} onRetry={() => result.fetchNextPage()} /> : null}
      {latest && result.hasNextPage && !result.error ? (
        <button
          type="button"
          className={styles.more}
          onClick={() => result.fetchNextPage()}
          disabled={result.isFetchingNextPage}
          aria-busy={result.isFetchingNextPage}
        >
          {t(result.isFetchingNextPage ? 'loadingMore' : 'showMore')}
        </button>
      ) : null}
      {latest ? (
        <div className={styles.foot}>
          {draft.failure ? <FailureNotice failure={draft.failure} /> : null}
          {!open ? (
            <p className={styles.note}>{t('off')}</p>
          ) : citizen ? (
            <CommentComposer draft={draft} />
          ) : (
            <a className={styles.signIn} href={signInHref(`/p/${postId}#comments`)}>
              {t('signInToComment')}
            </a>
          )}
          {citizen ? (
            <p role="status" className="visually-hidden">
              {draft.posted ? t('posted') : ''}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}
