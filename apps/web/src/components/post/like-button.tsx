'use client';

import type { LikesOverviewDetails } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { type ReactNode, useState } from 'react';
import { loadStore } from '@/client/lazy-store';
import { withLike } from '@/client/optimistic/likes';
import { useErrorText } from '../error-message';
import { notifyError } from '../toast';
import { LikeCount } from './like-count';
import { type LikeOverride, rememberedLike, rememberLike, shownLikes } from './like-memory';
import styles from './post-islands.module.css';

/**
 * Like and unlike (docs/product.md §4): the heart and the count change at once; when the call fails they go back and a
 * toast says why (a guest's likes are `GuestLikes`). An island (ADR 018): it repaints from its own state in the
 * same task as the tap (the heart's fill follows `aria-pressed` in CSS), and the store (with the call and the patch of every cached copy) is loaded then, not
 * with the page.
 */
export function LikeButton({
  postId,
  likes: given,
  children,
}: {
  postId: string;
  likes: LikesOverviewDetails;
  /** The heart, drawn by the server's render (no icon code in this island); filled by CSS when pressed. */
  children: ReactNode;
}) {
  const t = useTranslations('Post');
  const errorText = useErrorText();
  const [override, setOverride] = useState<LikeOverride | null>(() => rememberedLike(postId));
  const likes = shownLikes(given, override);
  const show = (next: LikeOverride | null) => {
    rememberLike(postId, next);
    setOverride(next);
  };
  const toggle = async () => {
    const before = override;
    const liked = !likes.liked;
    show({ base: given, value: withLike(likes, liked) });
    try {
      const outcome = await (await loadStore()).setLiked(postId, liked);
      if (outcome.ok) {
        // The exact count after everyone's likes, unless the person has changed their mind since.
        const answer = outcome.likes;
        if (answer && rememberedLike(postId)?.value.liked === answer.liked) show({ base: given, value: answer });
        return;
      }
      if (rememberedLike(postId)?.value.liked === liked) show(before);
      notifyError(errorText(outcome.error));
    } catch (error) {
      // The store's code could not be downloaded: nothing was sent.
      if (rememberedLike(postId)?.value.liked === liked) show(before);
      notifyError(errorText({ status: 'FETCH_ERROR', error: String(error) }));
    }
  };
  // Named "Like" and the author's name (the card's heading, post-card.tsx), so that a screen reader's list of
  // buttons tells one post's heart from the next.
  const id = `post-${postId}-like`;
  return (
    <span className={styles.likeRow}>
      <button
        type="button"
        id={id}
        className={styles.likeButton}
        aria-pressed={likes.liked}
        aria-label={t('like')}
        aria-labelledby={`${id} post-${postId}-author`}
        onClick={toggle}
        data-liked={likes.liked}
      >
        {children}
      </button>
      <LikeCount count={likes.likesCount} likersHref={`/p/${encodeURIComponent(postId)}/likers`} />
    </span>
  );
}
