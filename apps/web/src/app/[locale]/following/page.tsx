import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { FollowingFeed } from '@/components/feed/following-feed';
import { HomeTabs } from '@/components/feed/home-tabs';
import type { Locale } from '@/i18n/locales';
import { privatePageMetadata } from '@/server/private-page';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

interface PageProps {
  params: Promise<{ locale: Locale }>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'Feed' });
  return privatePageMetadata(locale, t('followingHeading'));
}

/**
 * The following feed (ADR 081), the home's second tab: read in the browser, as it is the citizen's own. Citizens
 * only: a guest signs in first and comes back here.
 */
export default async function FollowingPage({ params }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  if ((await getServerSession()).kind !== 'citizen') redirect(signInHref('/following'));
  return (
    <>
      <HomeTabs current="following" />
      <StoreProvider>
        <FollowingFeed />
      </StoreProvider>
    </>
  );
}
