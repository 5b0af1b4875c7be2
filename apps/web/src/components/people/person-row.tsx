'use client';

import type { PersonView } from '@civitas/contract';
import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { formatCount } from '@/client';
import { Link } from '@/components/link';
import { Avatar } from './avatar';
import { FollowButton } from './follow-button';
import styles from './people.module.css';

interface PersonRowProps {
  person: PersonView;
  /** A further line under the name, e.g. why the person is suggested. */
  extra?: ReactNode;
  /** The row's own answer, before Follow: Accept and Decline for a friend request. */
  lead?: ReactNode;
  /** A further action after Follow, e.g. Dismiss. */
  action?: ReactNode;
  /** False for a guest, who has no one to follow with: the row then only leads to the profile. */
  followable?: boolean;
}

/**
 * One person in a list: picture, name linking to the profile, @username, followers, the reason they are here,
 * then the actions: beside the words where the row is wide enough, under them on a phone (people.module.css).
 */
export function PersonRow({ person, extra, lead, action, followable = true }: PersonRowProps) {
  const t = useTranslations('People.row');
  const locale = useLocale();
  const followers = person.followersCount;
  return (
    <div className={styles.row}>
      <Avatar uri={person.profilePictureUri} alt="" size={48} />
      <div className={styles.body}>
        <div className={styles.identity}>
          <Link className={styles.name} href={`/u/${encodeURIComponent(person.username)}`} dir="auto">
            {person.displayName}
          </Link>
          <p className={styles.meta}>
            @{person.username} ·{' '}
            <data value={followers}>
              {t('followers', { count: followers, formatted: formatCount(followers, locale) })}
            </data>
          </p>
          {extra ? <p className={styles.extra}>{extra}</p> : null}
        </div>
        <div className={styles.actions}>
          {lead}
          {followable ? (
            <FollowButton citizenId={person.id} name={person.displayName} following={person.amIFollowing} />
          ) : null}
          {action}
        </div>
      </div>
    </div>
  );
}
