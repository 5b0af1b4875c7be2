'use client';

import { useTranslations } from 'next-intl';
import { useGetMutualConnectionsInfiniteQuery } from '@/client';
import { PagedPeopleList } from '@/components/people/people-list';
import { ProfileSubject } from '@/components/people/profile-subject';

/** The list itself, once the person's id is known: offset pages, stopping on an empty one (docs/product.md §9). */
function MutualList({ citizenId, name }: { citizenId: string; name: string }) {
  const t = useTranslations('People.mutual');
  const mutual = useGetMutualConnectionsInfiniteQuery({ params: { citizenId } });
  return <PagedPeopleList result={mutual} label={t('label', { name })} empty={t('empty', { name })} />;
}

/** People I follow or befriended who also follow or befriended this person; my friends first. */
export function MutualConnections({ username }: { username: string }) {
  const t = useTranslations('People.mutual');
  return (
    <ProfileSubject username={username} heading={(name) => t('heading', { name })}>
      {(profile) => <MutualList citizenId={profile.id} name={profile.displayName} />}
    </ProfileSubject>
  );
}
