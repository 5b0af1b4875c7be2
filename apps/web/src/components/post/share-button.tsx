'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { shareLink } from '../share-link';
import styles from './post-islands.module.css';

/**
 * Shares a post's address (share-link.ts: the system's share sheet, else a copy and a toast). An island whose icon
 * comes from the server's render (`children`), so the stage's first load carries no icon code for it.
 */
export function ShareButton({ postId, children }: { postId: string; children: ReactNode }) {
  const t = useTranslations('Post');
  const share = () =>
    shareLink(`/p/${encodeURIComponent(postId)}`, { copied: t('linkCopied'), failed: t('shareFailed') });
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
