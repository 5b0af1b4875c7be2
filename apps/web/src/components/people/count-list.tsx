'use client';

import { useTranslations } from 'next-intl';
import { useGetFollowersInfiniteQuery, useGetFollowingInfiniteQuery, useGetFriendsInfiniteQuery } from '@/client';
import { PagedPeopleList } from './people-list';
import { ProfileSubject } from './profile-subject';

/** The lists a profile's counts open (ADR 080). */
export type CountListKind = 'followers' | 'following' | 'friends';

const queries = {
  followers: useGetFollowersInfiniteQuery,
  following: useGetFollowingInfiniteQuery,
  friends: useGetFriendsInfiniteQuery,
} as const;

function PeopleOf({ kind, citizenId, name }: { kind: CountListKind; citizenId: string; name: string }) {
  const t = useTranslations('People.counts');
  // One hook per page: `kind` never changes for a mounted list (each list is a page of its own).
  const result = queries[kind]({ params: { citizenId } });
  return <PagedPeopleList result={result} label={t(`${kind}.label`, { name })} empty={t(`${kind}.empty`, { name })} />;
}

/** Who follows this person, whom they follow, or their friends: my friends first, then whom I follow. */
export function CountList({ username, kind }: { username: string; kind: CountListKind }) {
  const t = useTranslations('People.counts');
  return (
    <ProfileSubject username={username} heading={(name) => t(`${kind}.heading`, { name })}>
      {(profile) => <PeopleOf kind={kind} citizenId={profile.id} name={profile.displayName} />}
    </ProfileSubject>
  );
}
