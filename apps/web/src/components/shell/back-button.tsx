'use client';

import { ArrowLeft } from 'lucide';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { loadStore } from '@/client/lazy-store';
import { Icon } from '@/components/icon';
import styles from './shell.module.css';

/**
 * Goes back through the navigation history (docs/product.md §2) when there is somewhere to go back to on this site,
 * else to the main stage: a page opened from a shared link has nothing behind it.
 */
export function BackButton() {
  const t = useTranslations('Shell');
  const router = useRouter();
  const goBack = async () => {
    // The history is in the store, loaded here if the page did not need it before (ADR 018).
    const wentBack = await loadStore().then(
      (store) => store.takeStepBack(),
      () => false,
    );
    if (wentBack) router.back();
    else router.push('/');
  };
  return (
    <button type="button" className={styles.backButton} onClick={goBack}>
      <Icon node={ArrowLeft} size={20} />
      {t('back')}
    </button>
  );
}
