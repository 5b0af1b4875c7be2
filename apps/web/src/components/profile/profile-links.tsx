import { useTranslations } from 'next-intl';
import { Link } from '@/components/link';
import styles from './profile.module.css';

/** The lists about a person: the posts they loved, and (for citizens) the friends we have in common. */
export function ProfileLinks({ username, mutual }: { username: string; mutual: boolean }) {
  const t = useTranslations('Profile');
  const base = `/u/${encodeURIComponent(username)}`;
  return (
    <ul className={styles.links}>
      <li>
        <Link href={`${base}/loved`}>{t('lovedLink')}</Link>
      </li>
      {mutual ? (
        <li>
          <Link href={`${base}/mutual`}>{t('mutualLink')}</Link>
        </li>
      ) : null}
    </ul>
  );
}
