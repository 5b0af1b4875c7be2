import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { setRequestLocale } from 'next-intl/server';
import { GuestProfile } from '@/components/profile/guest-profile';
import { ProfileLoadFailed } from '@/components/profile/profile-load-failed';
import { BackButton } from '@/components/shell/back-button';
import { CitizenProfilePage } from '@/components/store-pages';
import type { Locale } from '@/i18n/locales';
import { loadProfile, loadPublicPosts } from './load-profile';
import { profileMetadata } from './profile-metadata';

interface PageProps {
  params: Promise<{ locale: Locale; username: string }>;
}

// Any username: the locale layout only lists its own parameter.
export const dynamicParams = true;

export async function generateMetadata({ params }: PageProps): Promise<Metadata> {
  const { locale, username } = await params;
  const loaded = await loadProfile(username);
  if (loaded.kind !== 'citizen' && loaded.kind !== 'guest') return { robots: { index: false, follow: false } };
  return profileMetadata(loaded.profile, { locale, path: `/u/${loaded.profile.username}` });
}

/**
 * A person's profile: server-rendered header and first page of public posts for everyone (share previews,
 * guests, a fast first paint); a citizen then gets the live relationship and its actions, and the friends-only
 * posts once we are friends. My own profile lives at /me.
 */
export default async function ProfilePage({ params }: PageProps) {
  const { locale, username } = await params;
  setRequestLocale(locale);
  const [loaded, posts] = await Promise.all([loadProfile(username), loadPublicPosts(username)]);
  if (loaded.kind === 'missing') notFound();
  if (loaded.kind === 'failed') return <ProfileLoadFailed path={`/u/${encodeURIComponent(username)}`} />;
  if (loaded.kind === 'citizen' && loaded.profile.isMe) redirect('/me');
  return (
    <>
      <BackButton />
      {loaded.kind === 'citizen' ? (
        <CitizenProfilePage initial={loaded.profile} publicPosts={posts} />
      ) : (
        <GuestProfile profile={loaded.profile} posts={posts} />
      )}
    </>
  );
}
