'use client';

import type { ProfileView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import { useGetProfilePrivateFeedInfiniteQuery, useGetProfileQuery } from '@/client';
import type { ReadResult } from '@/server/api-read';
import { PostFeed } from '../feed/post-feed';
import { ProfileHeader } from './profile-header';
import { ProfileLinks } from './profile-links';
import { ProfileTabs } from './profile-tabs';
import { RelationshipActions } from './relationship-actions';
import type { FeedPage } from './shared-posts-actions';
import { SharedPostsWithMyLikes } from './shared-posts-with-likes';

/**
 * Another person's profile as a citizen sees it. The server rendered it with this profile; the client's copy
 * (fetched again on arrival) then takes over, so follows and friend requests show at once and a friendship
 * just made opens the friends-only posts without a reload.
 */
export function CitizenProfile({ initial, publicPosts }: { initial: ProfileView; publicPosts: ReadResult<FeedPage> }) {
  const t = useTranslations('Profile');
  const query = useGetProfileQuery({ params: { username: initial.username } }, { refetchOnMountOrArgChange: true });
  const profile = query.data ?? initial;
  const name = profile.displayName;
  const tabs = [
    {
      id: 'public',
      label: t('publicTab'),
      panel: (
        <SharedPostsWithMyLikes
          source={{ kind: 'profile', username: profile.username }}
          initial={publicPosts}
          label={t('publicPostsLabel', { name })}
          empty={<p>{t('noPublicPosts', { name })}</p>}
        />
      ),
    },
    ...(profile.isFriends
      ? [
          {
            id: 'friends',
            label: t('friendsTab'),
            panel: <FriendsOnlyPosts citizenId={profile.id} name={name} />,
          },
        ]
      : []),
  ];
  return (
    <>
      <ProfileHeader profile={profile} headingId="profile-name" />
      <RelationshipActions profile={profile} live={query.data !== undefined} />
      <ProfileLinks username={profile.username} mutual={true} />
      <ProfileTabs label={t('postsLabel', { name })} tabs={tabs} />
    </>
  );
}

/** A friend's private posts (spec §2 "a profile's private post feed"). */
function FriendsOnlyPosts({ citizenId, name }: { citizenId: string; name: string }) {
  const t = useTranslations('Profile');
  const feed = useGetProfilePrivateFeedInfiniteQuery({ params: { citizenId } });
  return (
    <PostFeed
      result={feed}
      signedIn={true}
      label={t('friendsPostsLabel', { name })}
      empty={<p>{t('noFriendsPosts', { name })}</p>}
    />
  );
}
