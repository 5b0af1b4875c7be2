'use client';

import type { MyProfileView } from '@civitas/contract';
import { useSearchParams } from 'next/navigation';
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
import { usePostsView } from './use-posts-view';
import { ViewToggle } from './view-toggle';

/** `/me?edit=profile` (the account menu's "Edit profile", ADR 063) opens the editor. */
const EDIT_PARAM = 'edit';

/** Takes `?edit=` out of the address once the editor closes, so a reload or Back does not open it again. */
function forgetEditAsked(): void {
  const address = new URL(window.location.href);
  if (!address.searchParams.has(EDIT_PARAM)) return;
  address.searchParams.delete(EDIT_PARAM);
  window.history.replaceState(null, '', address);
}

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
  const editAsked = useSearchParams().get(EDIT_PARAM) === 'profile';
  const [editing, setEditing] = useState(editAsked);
  // Asked again while the page stays mounted (the menu's link followed from /me itself): it opens.
  const [seenEditAsked, setSeenEditAsked] = useState(editAsked);
  if (editAsked !== seenEditAsked) {
    setSeenEditAsked(editAsked);
    if (editAsked) setEditing(true);
  }
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
              forgetEditAsked();
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
      <ProfileTabs label={t('myPostsLabel')} tabs={tabs} tools={<ViewToggle />} />
    </>
  );
}

/** My public posts, newest first, those still processing included (their author sees them). */
function MyPublicPosts() {
  const t = useTranslations('Profile');
  const feed = useGetMyPublicFeedInfiniteQuery({});
  const view = usePostsView();
  return (
    <PostFeed
      result={feed}
      signedIn={true}
      view={view}
      label={t('myPublicLabel')}
      empty={<p>{t('myPublicEmpty')}</p>}
    />
  );
}

/** My friends-only posts. */
function MyFriendsPosts() {
  const t = useTranslations('Profile');
  const feed = useGetMyPrivateFeedInfiniteQuery({});
  const view = usePostsView();
  return (
    <PostFeed
      result={feed}
      signedIn={true}
      view={view}
      label={t('myFriendsLabel')}
      empty={<p>{t('myFriendsEmpty')}</p>}
    />
  );
}
