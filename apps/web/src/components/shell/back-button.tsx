'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { selectCanGoBack, useAppDispatch, useAppSelector, wentBack } from '@/client';
import styles from './shell.module.css';

/**
 * Goes back through the navigation history (spec §2) when there is somewhere to go back to on this site,
 * else to the main stage: a page opened from a shared link has nothing behind it.
 */
export function BackButton() {
  const t = useTranslations('Shell');
  const router = useRouter();
  const dispatch = useAppDispatch();
  const canGoBack = useAppSelector(selectCanGoBack);
  const goBack = () => {
    if (canGoBack) {
      dispatch(wentBack());
      router.back();
    } else {
      router.push('/');
    }
  };
  return (
    <button type="button" className={styles.backButton} onClick={goBack}>
      <span aria-hidden="true">←</span> {t('back')}
    </button>
  );
}
