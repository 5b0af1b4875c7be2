import { getTranslations } from 'next-intl/server';
import type { ReadResult } from '@/server/api-read';
import { signInHref } from '@/session/request-path';
import { PostCard } from '../post/post-card';
import type { FeedPage } from './feed-page';
import type { PostsView } from './posts-view';
import styles from './profile.module.css';
import { ProfileHeader, type PublicProfile } from './profile-header';
import { ProfileLinks } from './profile-links';
import { SharedPosts } from './shared-posts';
import { ViewToggle } from './view-toggle';

/**
 * A profile as guests and share previews see it: rendered on the server from the public sharing reads, the
 * first page of public posts included; later pages come through a server action (shared-posts-actions.ts).
 */
export async function GuestProfile({
  profile,
  posts,
  view,
  renderedAt,
}: {
  profile: PublicProfile;
  posts: ReadResult<FeedPage>;
  /** The view the address asked for: the list's first cards are rendered here, the grid's tiles by the list. */
  view: PostsView;
  renderedAt: number;
}) {
  const t = await getTranslations('Profile');
  const name = profile.displayName;
  const path = `/u/${encodeURIComponent(profile.username)}`;
  return (
    <>
      <ProfileHeader profile={profile} headingId="profile-name" />
      <p className={styles.note}>
        {t.rich('signInToConnect', { name, link: (chunks) => <a href={signInHref(path)}>{chunks}</a> })}
      </p>
      <ProfileLinks username={profile.username} mutual={false} />
      <section aria-labelledby="public-posts-heading">
        <div className={styles.postsBar}>
          <h2 id="public-posts-heading" className={styles.sectionHeading}>
            {t('publicPostsHeading')}
          </h2>
          <ViewToggle />
        </div>
        <SharedPosts
          source={{ kind: 'profile', username: profile.username }}
          initial={posts}
          renderedAt={renderedAt}
          label={t('publicPostsLabel', { name })}
          empty={<p>{t('noPublicPosts', { name })}</p>}
        >
          {/* Server components (ADR 018): the list hydrates, its first page's cards only in their islands. */}
          {posts.ok && view === 'list'
            ? posts.data.data.map((post, index) => (
                <div key={post.id}>
                  <PostCard post={post} signedIn={false} priority={index === 0} now={renderedAt} />
                </div>
              ))
            : null}
        </SharedPosts>
      </section>
    </>
  );
}
