'use client';

import type { ProfileView } from '@civitas/contract';
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { useGetProfileQuery } from '@/client';
import { Link } from '@/components/link';
import { ErrorMessage } from '../error-message';
import styles from './people.module.css';

interface ProfileSubjectProps {
  username: string;
  /** The page's heading, given the person's display name. */
  heading: (name: string) => string;
  /** The lists about this person, once their profile (and so their id) is known. */
  children: (profile: ProfileView) => ReactNode;
}

/**
 * A page about someone else's people (mutual connections, their relevant lists): the graphs calls take the
 * person's id, which their profile gives. The heading names the person, with a way back to their profile.
 */
export function ProfileSubject({ username, heading, children }: ProfileSubjectProps) {
  const t = useTranslations('People');
  const profile = useGetProfileQuery({ params: { username } });
  const name = profile.data?.displayName ?? `@${username}`;
  return (
    <>
      <h1 className={styles.pageHeading}>{heading(name)}</h1>
      <p className={styles.intro}>
        <Link href={`/u/${encodeURIComponent(username)}`}>{t('profileLink', { name })}</Link>
      </p>
      {profile.isLoading ? (
        <p role="status" className={styles.status}>
          {t('loading')}
        </p>
      ) : profile.data ? (
        children(profile.data)
      ) : (
        <ErrorMessage error={profile.error} onRetry={() => profile.refetch()} />
      )}
    </>
  );
}
