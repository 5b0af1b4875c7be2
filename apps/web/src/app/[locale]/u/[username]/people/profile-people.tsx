'use client';

import { useTranslations } from 'next-intl';
import { useGetProfileRelevantCitizensInfiniteQuery, useGetProfileRelevantCreatorsInfiniteQuery } from '@/client';
import styles from '@/components/people/people.module.css';
import { PagedPeopleList } from '@/components/people/people-list';
import { ProfileSubject } from '@/components/people/profile-subject';

/** The two lists, once the person's id is known. The first loads more on request, so the second stays reachable. */
function ProfileLists({ citizenId, name }: { citizenId: string; name: string }) {
  const t = useTranslations('People.profilePeople');
  const creators = useGetProfileRelevantCreatorsInfiniteQuery({ params: { citizenId } });
  const citizens = useGetProfileRelevantCitizensInfiniteQuery({ params: { citizenId } });
  return (
    <>
      <section className={styles.section} aria-labelledby="profile-creators-heading">
        <h2 id="profile-creators-heading">{t('creatorsHeading', { name })}</h2>
        <PagedPeopleList
          result={creators}
          label={t('creatorsHeading', { name })}
          empty={t('creatorsEmpty', { name })}
          autoLoad={false}
        />
      </section>
      <section className={styles.section} aria-labelledby="profile-citizens-heading">
        <h2 id="profile-citizens-heading">{t('citizensHeading', { name })}</h2>
        <PagedPeopleList
          result={citizens}
          label={t('citizensHeading', { name })}
          empty={t('citizensEmpty', { name })}
        />
      </section>
    </>
  );
}

/** Someone's people: creators they follow whom I do not, and their friends who are not mine. */
export function ProfilePeople({ username }: { username: string }) {
  const t = useTranslations('People.profilePeople');
  return (
    <ProfileSubject username={username} heading={(name) => t('heading', { name })}>
      {(profile) => <ProfileLists citizenId={profile.id} name={profile.displayName} />}
    </ProfileSubject>
  );
}
