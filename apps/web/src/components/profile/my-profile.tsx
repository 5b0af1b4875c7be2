'use client';

import type { MyProfileView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import {
  useGetMeQuery,
  useGetMyPrivateFeedInfiniteQuery,
  useGetMyPublicFeedInfiniteQuery,
  useGetMySocialOverviewQuery,
} from '@/client';
import { Link } from '@/components/link';
import { ErrorMessage } from '../error-message';
import { PostFeed } from '../feed/post-feed';
import styles from './profile.module.css';
import { ProfileEditor } from './profile-editor';
import { ProfileHeader } from './profile-header';
import { ProfileLinks } from './profile-links';
import { ProfileTabs } from './profile-tabs';

/**
 * My own profile (docs/product.md §2): my details (picture, cover, name and bio editable in place, ADR 048), my counts as
 * the social overview has them (a follow elsewhere moves them at once), and my posts in two tabs, public and
 * friends-only, including those still processing.
 */
export function MyProfile({ initial }: { initial: MyProfileView | null }) {
  const t = useTranslations('Profile');
  const nav = useTranslations('Shell.nav');
  const me = useGetMeQuery();
  const overview = useGetMySocialOverviewQuery();
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const profile = me.data ?? initial;
  if (!profile) {
    if (me.error) return <ErrorMessage error={me.error} onRetry={() => me.refetch()} />;
    return (
      <p role="status" className={styles.note}>
        {t('loading')}
      </p>
    );
  }
  const counts = overview.data ?? profile;
  const tabs = [
    { id: 'public', label: t('publicTab'), panel: <MyPublicPosts /> },
    { id: 'friends', label: t('friendsTab'), panel: <MyFriendsPosts /> },
  ];
  return (
    <>
      <ProfileHeader profile={{ ...profile, ...counts, id: profile.id }} headingId="profile-name" />
      <div className={styles.actions}>
        {editing ? (
          <ProfileEditor
            profile={profile}
            onDone={() => {
              setEditing(false);
              // Back to where the person was before the form opened.
              requestAnimationFrame(() => editButton.current?.focus());
            }}
          />
        ) : (
          <>
            <Link href="/new" className={styles.primaryButton}>
              {nav('newPost')}
            </Link>
            <button ref={editButton} type="button" className={styles.button} onClick={() => setEditing(true)}>
              {t('editor.open')}
            </button>
          </>
        )}
      </div>
      <ProfileLinks username={profile.username} mutual={false} />
      <ProfileTabs label={t('myPostsLabel')} tabs={tabs} />
    </>
  );
}

/** My public posts, newest first, those still processing included (their author sees them). */
function MyPublicPosts() {
  const t = useTranslations('Profile');
  const feed = useGetMyPublicFeedInfiniteQuery({});
  return <PostFeed result={feed} signedIn={true} label={t('myPublicLabel')} empty={<p>{t('myPublicEmpty')}</p>} />;
}

/** My friends-only posts. */
function MyFriendsPosts() {
  const t = useTranslations('Profile');
  const feed = useGetMyPrivateFeedInfiniteQuery({});
  return <PostFeed result={feed} signedIn={true} label={t('myFriendsLabel')} empty={<p>{t('myFriendsEmpty')}</p>} />;
}
