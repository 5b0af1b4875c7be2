import type { Metadata } from 'next';
import { cookies, headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { HomeTabs } from '@/components/feed/home-tabs';
import { StageFeed } from '@/components/feed/stage-feed';
import { PostCard } from '@/components/post/post-card';
import { HOME_FEED_COOKIE, homeFeedParam, parseHomeFeed } from '@/home/home-feed';
import { languageAlternates } from '@/i18n/alternates';
import type { Locale } from '@/i18n/locales';
import { countryFromAcceptLanguage } from '@/i18n/region';
import { publicOrigin } from '@/server/public-origin';
import { signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import { loadStageStart } from './load-stage';

interface PageProps {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const t = await getTranslations({ locale: (await params).locale, namespace: 'Home' });
  const app = await getTranslations({ locale: (await params).locale, namespace: 'App' });
  const origin = await publicOrigin();
  return {
    title: `${t('title')} · ${app('name')}`,
    description: t('intro'),
    ...(origin ? { alternates: languageAlternates(`${origin}/`) } : {}),
    openGraph: { title: t('title'), description: t('intro'), siteName: app('name'), type: 'website' },
  };
}

/**
 * The main stage: the best public posts of the visitor's country, for guests and citizens. A citizen whose browser
 * remembers the following feed as their home (ADR 081) is sent there, unless this very request chose the stage.
 */
export default async function StagePage({ params, searchParams }: PageProps) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('Home');
  const session = await getServerSession();
  const signedIn = session.kind === 'citizen';
  if (signedIn && (await remembersFollowing(searchParams))) redirect('/following');
  const acceptLanguage = (await headers()).get('accept-language');
  // The first page is in the HTML: the stage's first picture is the page's largest paint.
  const start = await loadStageStart(session, acceptLanguage, locale);
  return (
    <>
      {signedIn ? null : (
        <aside className="intro" aria-label={t('introLabel')}>
          <p>{t('intro')}</p>
          <p>
            <a href="/sign-up">{t('signUp')}</a> · <a href={signInHref('/')}>{t('signIn')}</a>
          </p>
        </aside>
      )}
      {signedIn ? <HomeTabs current="stage" /> : null}
      <StageFeed signedIn={signedIn} guestCountry={countryFromAcceptLanguage(acceptLanguage)} start={start}>
        {/* Server components (ADR 018): only the like buttons and the media players hydrate. */}
        {start?.page.data.map((post, index) => (
          <div key={post.id}>
            <PostCard post={post} signedIn={signedIn} priority={index === 0} />
          </div>
        ))}
      </StageFeed>
    </>
  );
}

/** No choice in this request's address, and the following feed remembered by this browser. */
async function remembersFollowing(searchParams: PageProps['searchParams']): Promise<boolean> {
  const chosen = (await searchParams)[homeFeedParam];
  if (typeof chosen === 'string' && parseHomeFeed(chosen)) return false;
  return parseHomeFeed((await cookies()).get(HOME_FEED_COOKIE)?.value) === 'following';
}
