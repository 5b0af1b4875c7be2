import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import styles from '@/components/people/people.module.css';
import type { Locale } from '@/i18n/locales';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import { PeopleSections } from './people-sections';

interface PageProps {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'People' });
  const app = await getTranslations({ locale, namespace: 'App' });
  return { title: `${t('title')} · ${app('name')}` };
}

/**
 * People to follow and befriend: friend requests waiting for my answer, suggestions with their reasons, then
 * creators and citizens of my network; each person once, under their strongest reason.
 */
export default async function PeoplePage({ params }: PageProps) {
  setRequestLocale((await params).locale);
  // Citizens only (docs/product.md §6): a guest signs in first and comes back here.
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref('/people'));
  const t = await getTranslations('People');
  return (
    <StoreProvider>
      <h1 className={styles.pageHeading}>{t('title')}</h1>
      <PeopleSections />
    </StoreProvider>
  );
}
