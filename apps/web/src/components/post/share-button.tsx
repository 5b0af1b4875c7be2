'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { notifyError, notifySuccess } from '../toast';
import styles from './post-islands.module.css';

/** The browser's share sheet refused because the person closed it: nothing to say, nothing to fall back to. */
const dismissed = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/**
 * Shares a post's address: through the system's share sheet where the browser has one (the Web Share API), else
 * by copying it, with a toast that says so. An island whose icon comes from the server's render (`children`), so
 * the stage's first load carries no icon code for it.
 */
export function ShareButton({ postId, children }: { postId: string; children: ReactNode }) {
  const t = useTranslations('Post');
  const share = async () => {
    const url = new URL(`/p/${encodeURIComponent(postId)}`, window.location.origin).href;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ url });
        return;
      } catch (error) {
        if (dismissed(error)) return;
        // A share sheet that cannot take this (no target, a policy): the link is still worth copying.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess(t('linkCopied'));
    } catch {
      notifyError(t('shareFailed'));
    }
  };
  // Named "Share" and the author's name (the card's heading), as the like button is.
  const id = `post-${postId}-share`;
  return (
    <button
      type="button"
      id={id}
      className={styles.action}
      aria-label={t('share')}
      aria-labelledby={`${id} post-${postId}-author`}
      onClick={share}
    >
      {children}
    </button>
  );
}
