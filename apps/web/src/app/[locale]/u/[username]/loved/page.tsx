import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { StoreProvider } from '@/client/store-provider';
import { Link } from '@/components/link';
import { CitizenLovedPosts } from '@/components/profile/citizen-loved-posts';
import styles from '@/components/profile/profile.module.css';
import { ProfileLoadFailed } from '@/components/profile/profile-load-failed';
import { SharedPosts } from '@/components/profile/shared-posts';
import { ViewToggle } from '@/components/profile/view-toggle';
import { BackButton } from '@/components/shell/back-button';
import type { Locale } from '@/i18n/locales';
import { loadProfile, loadSharedLoved } from '../load-profile';
import { profileMetadata } from '../profile-metadata';

interface PageProps {
  params: Promise<{ locale: Locale; username: string }>;
}

// Any username: the locale layout only lists its own parameter.
export const dynamicParams = true;

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, username } = await params;
  const loaded = await loadProfile(username);
  if (loaded.kind !== 'citizen' && loaded.kind !== 'guest') return { robots: { index: false, follow: false } };
  const t = await getTranslations({ locale, namespace: 'Profile' });
  const { profile } = loaded;
  return profileMetadata(profile, {
    locale,
    path: `/u/${profile.username}/loved`,
    title: t('lovedHeading', { name: profile.displayName }),
  });
}

/**
 * The public posts a creator loved (docs/product.md §2, `/u/<username>/loved`): citizens page through their own
 * call (with their likes on each post); guests get the sharing read, first page server-rendered.
 */
export default async function LovedPostsPage({ params }: PageProps) {
  const { locale, username } = await params;
  setRequestLocale(locale);
  const loaded = await loadProfile(username);
  if (loaded.kind === 'missing') notFound();
  const path = `/u/${encodeURIComponent(username)}/loved`;
  if (loaded.kind === 'failed') return <ProfileLoadFailed path={path} />;
  const t = await getTranslations('Profile');
  const { profile } = loaded;
  const name = profile.displayName;
  return (
    <>
      <BackButton />
      <h1 className={styles.heading}>{t('lovedHeading', { name })}</h1>
      <div className={styles.postsBar}>
        <p className={styles.note}>
          <Link href={`/u/${encodeURIComponent(profile.username)}`}>{t('backToProfile', { name })}</Link>
        </p>
        <ViewToggle />
      </div>
      {loaded.kind === 'citizen' ? (
        <StoreProvider>
          <CitizenLovedPosts influencerId={profile.id} name={name} />
        </StoreProvider>
      ) : (
        <SharedPosts
          source={{ kind: 'loved', influencerId: profile.id }}
          initial={await loadSharedLoved(profile.id)}
          renderedAt={Date.now()}
          label={t('lovedLabel', { name })}
          empty={<p>{t('lovedEmpty', { name })}</p>}
        />
      )}
    </>
  );
}
