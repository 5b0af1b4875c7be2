import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import styles from '@/components/people/people.module.css';
import { SafetyLists } from '@/components/safety/safety-lists';
import { BackButton } from '@/components/shell/back-button';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Safety' });
  return privatePageMetadata(locale, t('page.title'));
}

/**
 * Blocked and muted (ADR 071): whom I blocked and whom I muted, each with its way back, and the reports I sent
 * with where each stands. Citizens only: a guest signs in first and comes back here.
 */
export default async function SafetyPage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref('/me/safety'));
  const t = await getTranslations('Safety');
  return (
    <StoreProvider>
      <BackButton />
      <h1 className={styles.pageHeading}>{t('page.title')}</h1>
      <p className={styles.intro}>{t('page.intro')}</p>
      <SafetyLists />
    </StoreProvider>
  );
}
