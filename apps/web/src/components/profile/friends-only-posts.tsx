'use client';

import { useTranslations } from 'next-intl';
import { useGetProfilePrivateFeedInfiniteQuery } from '@/client';
import { StoreProvider } from '@/client/store-provider';
import { ProfilePostFeed } from './profile-post-feed';

/** A friend's private posts (docs/product.md §2, a profile's friends-only posts). */
function FriendsOnlyFeed({ citizenId, name }: { citizenId: string; name: string }) {
  const t = useTranslations('Profile');
  const feed = useGetProfilePrivateFeedInfiniteQuery({ params: { citizenId } });
  return (
    <ProfilePostFeed
      result={feed}
      label={t('friendsPostsLabel', { name })}
      empty={<p>{t('noFriendsPosts', { name })}</p>}
    />
  );
}

/**
 * The friends-only tab's panel, with the store its feed reads: loaded (through `next/dynamic`) when the tab is
 * first chosen, so the rest of the profile needs no store (ADR 023).
 */
export default function FriendsOnlyPosts(props: { citizenId: string; name: string }) {
  return (
    <StoreProvider>
      <FriendsOnlyFeed {...props} />
    </StoreProvider>
  );
}
