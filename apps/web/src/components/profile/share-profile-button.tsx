'use client';

import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { shareLink } from '../share-link';
import styles from './profile.module.css';

/**
 * Shares a profile's address (share-link.ts), as a post's share button does: on guests', citizens' and my own
 * profile alike. Its icon comes from the render around it (`children`).
 */
export function ShareProfileButton({
  username,
  name,
  children,
}: {
  username: string;
  name: string;
  children: ReactNode;
}) {
  const t = useTranslations('Profile');
  return (
    <button
      type="button"
      className={styles.shareProfile}
      aria-label={t('share', { name })}
      onClick={() =>
        shareLink(`/u/${encodeURIComponent(username)}`, { copied: t('linkCopied'), failed: t('shareFailed') })
      }
    >
      {children}
    </button>
  );
}
