import type { getSharedProfile } from '@civitas/contract';
import { Share2 } from 'lucide';
import { useTranslations } from 'next-intl';
import type { ResultOf } from '@/client';
import { CompactCount } from '../compact-count';
import { Icon } from '../icon';
import { Link } from '../link';
import { Avatar, COVER_PLACEHOLDER } from '../people/avatar';
import styles from './profile.module.css';
import { ShareProfileButton } from './share-profile-button';

/** What every profile view shows of a person: the public part (a citizen's and my own views hold it too). */
export type PublicProfile = ResultOf<typeof getSharedProfile>;

const countKeys = ['posts', 'followers', 'following', 'friends'] as const;
type CountKey = (typeof countKeys)[number];

const countOf = (profile: PublicProfile, key: CountKey): number =>
  ({
    posts: profile.postsCount,
    followers: profile.followersCount,
    following: profile.followingCount,
    friends: profile.friendsCount,
  })[key];

/**
 * The top of a profile: cover and picture (or their placeholders, docs/product.md §2), the name as the page's heading,
 * @username with the profile's share button, bio and the counts in the compact format (docs/product.md §9), each but
 * the posts' opening the people behind it. Works in server and client components.
 */
export function ProfileHeader({ profile, headingId }: { profile: PublicProfile; headingId: string }) {
  const t = useTranslations('Profile');
  return (
    <header className={styles.header}>
      {/* Low priority: the cover is decoration, stored at 1500 px only; on a phone's link it must not take the
          bandwidth the first post's picture (the page's largest) needs. */}
      {/* biome-ignore lint/performance/noImgElement: covers come from our own media route at their stored size */}
      <img
        className={styles.cover}
        src={profile.coverPictureUri ?? COVER_PLACEHOLDER}
        alt=""
        width={1500}
        height={500}
        fetchPriority="low"
      />
      <div className={styles.identity}>
        <Avatar
          uri={profile.profilePictureUri}
          alt={t('pictureAlt', { name: profile.displayName })}
          size={88}
          className={styles.picture}
        />
        <h1 id={headingId} className={styles.name} dir="auto">
          {profile.displayName}
        </h1>
        <p className={styles.username}>
          @{profile.username}
          <ShareProfileButton username={profile.username} name={profile.displayName}>
            <Icon node={Share2} size={20} />
          </ShareProfileButton>
        </p>
        {profile.bio ? (
          <p className={styles.bio} dir="auto">
            {profile.bio}
          </p>
        ) : null}
        <ul className={styles.counts} aria-label={t('countsLabel')}>
          {countKeys.map((key) => {
            const value = countOf(profile, key);
            return (
              <li key={key} data-count={key}>
                {key === 'posts' ? (
                  <>
                    <CompactCount value={value} /> <span className={styles.countLabel}>{t(key, { count: value })}</span>
                  </>
                ) : (
                  // The people behind the count (ADR 080).
                  <Link className={styles.countLink} href={`/u/${encodeURIComponent(profile.username)}/${key}`}>
                    <CompactCount value={value} /> <span className={styles.countLabel}>{t(key, { count: value })}</span>
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </header>
  );
}
