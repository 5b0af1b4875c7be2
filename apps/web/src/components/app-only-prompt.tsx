'use client';

import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { BottomSheet } from './bottom-sheet';
import styles from './bottom-sheet.module.css';

export type AppOnlyFeature = 'give' | 'messages';

/**
 * A button for a feature that only the app has (docs/product.md §2, "a feature only the mobile app has"):
 * pressing it opens a bottom sheet that says so, instead of a dead end.
 */
export function AppOnlyButton({ feature, className }: { feature: AppOnlyFeature; className?: string }) {
  const t = useTranslations('Shell.appOnly');
  const [open, setOpen] = useState(false);
  const headingId = useId();
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {t(`${feature}.button`)}
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} labelledBy={headingId}>
        <h2 id={headingId}>{t('heading')}</h2>
        <p>{t(`${feature}.explanation`)}</p>
        <button type="button" className={styles.close} onClick={() => setOpen(false)}>
          {t('close')}
        </button>
      </BottomSheet>
    </>
  );
}
