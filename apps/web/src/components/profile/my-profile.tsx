'use client';

import type { MyProfileView } from '@civitas/contract';
import { useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import {
  useGetMeQuery,
  useGetMyPrivateFeedInfiniteQuery,
  useGetMyPublicFeedInfiniteQuery,
  useGetMySocialOverviewQuery,
} from '@/client';
import { replaceAddressParam } from '@/client/behaviour/address-param';
import { Link } from '@/components/link';
import { ErrorMessage } from '../error-message';
import styles from './profile.module.css';
import { ProfileEditor } from './profile-editor';
import { ProfileHeader } from './profile-header';
import { ProfileLinks } from './profile-links';
import { ProfilePostFeed } from './profile-post-feed';
import { ProfileTabs } from './profile-tabs';
import { ViewToggle } from './view-toggle';

/**
 * Whether the editor is open lives in the address, `/me?edit=profile` (the account menu's "Edit profile" links
 * there, ADR 063), so the menu and the page's own button open it alike; changed in place, so a reload or Back
 * after closing does not open it again.
 */
const EDIT_PARAM = 'edit';

const askForEditor = (open: boolean): void => replaceAddressParam(EDIT_PARAM, open ? 'profile' : null);

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
  const editing = useSearchParams().get(EDIT_PARAM) === 'profile';
  const editButton = useRef<HTMLButtonElement>(null);
  // Once the editor closes (the address changed), back to where the person was before the form opened.
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
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
          <ProfileEditor profile={profile} onDone={() => askForEditor(false)} />
        ) : (
          <>
            <Link href="/new" className={styles.primaryButton}>
              {nav('newPost')}
            </Link>
            <button ref={editButton} type="button" className={styles.button} onClick={() => askForEditor(true)}>
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
  return <ProfilePostFeed result={feed} label={t('myPublicLabel')} empty={<p>{t('myPublicEmpty')}</p>} />;
}

/** My friends-only posts. */
function MyFriendsPosts() {
  const t = useTranslations('Profile');
  const feed = useGetMyPrivateFeedInfiniteQuery({});
  return <ProfilePostFeed result={feed} label={t('myFriendsLabel')} empty={<p>{t('myFriendsEmpty')}</p>} />;
}
