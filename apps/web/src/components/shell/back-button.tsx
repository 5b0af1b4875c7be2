'use client';

import { ArrowLeft } from 'lucide';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { loadStore } from '@/client/lazy-store';
import { Icon } from '@/components/icon';
import { isAuthPage } from '@/session/request-path';
import styles from './shell.module.css';

/**
 * Whether the tab's own history holds a page of this site behind this one that the app's history did not see:
 * a link followed before the page could handle it (a tap before hydration loads the next page whole), which
 * leaves that page as the referrer. Not the way in (a sign-in's pages and calls): signing in is not undone by Back.
 */
function cameFromThisSite(): boolean {
  if (window.history.length < 2 || !document.referrer) return false;
  const referrer = new URL(document.referrer);
  if (referrer.origin !== window.location.origin) return false;
  return !isAuthPage(referrer.pathname) && !referrer.pathname.startsWith('/api/');
}

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
    else if (cameFromThisSite()) window.history.back();
    else router.push('/');
  };
  return (
    <button type="button" className={styles.backButton} onClick={goBack}>
      <Icon node={ArrowLeft} size={20} />
      {t('back')}
    </button>
  );
}
