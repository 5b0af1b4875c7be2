import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { CitizenProfile } from '@/components/citizen-islands';
import { PostCard } from '@/components/post/post-card';
import { GuestProfile } from '@/components/profile/guest-profile';
import { type PostsView, postsViewOf, VIEW_PARAM } from '@/components/profile/posts-view';
import { ProfileLoadFailed } from '@/components/profile/profile-load-failed';
import { SharedPosts } from '@/components/profile/shared-posts';
import { BackButton } from '@/components/shell/back-button';
import type { Locale } from '@/i18n/locales';
import { loadProfile, loadPublicPosts } from './load-profile';
import { profileMetadata } from './profile-metadata';

interface PageProps {
  params: Promise<{ locale: Locale; username: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
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
 * guests, a fast first paint); a citizen's page is an island over that (ADR 023) with the relationship and its
 * actions, their own likes on the posts, and the friends-only posts once we are friends. My own profile lives
 * at /me.
 */
export default async function ProfilePage({ params, searchParams }: PageProps) {
  const { locale, username } = await params;
  setRequestLocale(locale);
  const view = postsViewOf((await searchParams)[VIEW_PARAM]);
  const renderedAt = Date.now();
  const [loaded, posts] = await Promise.all([loadProfile(username), loadPublicPosts(username)]);
  if (loaded.kind === 'missing') notFound();
  if (loaded.kind === 'failed') return <ProfileLoadFailed path={`/u/${encodeURIComponent(username)}`} />;
  if (loaded.kind === 'citizen' && loaded.profile.isMe) redirect('/me');
  return (
    <>
      <BackButton />
      {loaded.kind === 'citizen' ? (
        <CitizenProfile
          key={loaded.profile.id}
          initial={loaded.profile}
          publicPosts={
            <CitizenPublicPosts
              username={loaded.profile.username}
              name={loaded.profile.displayName}
              posts={posts}
              view={view}
              renderedAt={renderedAt}
            />
          }
        />
      ) : (
        <GuestProfile profile={loaded.profile} posts={posts} view={view} renderedAt={renderedAt} />
      )}
    </>
  );
}

/**
 * A profile's public posts as a citizen gets them: in the list view, server-rendered cards whose like buttons are
 * islands; the grid's tiles are plain links, drawn by the list itself.
 */
async function CitizenPublicPosts({
  username,
  name,
  posts,
  view,
  renderedAt,
}: {
  username: string;
  name: string;
  posts: Awaited<ReturnType<typeof loadPublicPosts>>;
  view: PostsView;
  renderedAt: number;
}) {
  const t = await getTranslations('Profile');
  return (
    <SharedPosts
      source={{ kind: 'profile', username }}
      initial={posts}
      signedIn
      renderedAt={renderedAt}
      label={t('publicPostsLabel', { name })}
      empty={<p>{t('noPublicPosts', { name })}</p>}
    >
      {posts.ok && view === 'list'
        ? posts.data.data.map((post, index) => (
            <div key={post.id}>
              <PostCard post={post} signedIn priority={index === 0} now={renderedAt} />
            </div>
          ))
        : null}
    </SharedPosts>
  );
}
