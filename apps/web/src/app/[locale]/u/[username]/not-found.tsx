import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { Link } from '@/components/link';
import styles from '@/components/people/people.module.css';
import { requestPathHeader } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';

/** The username asked for, from the path the browser requested (a not-found page is given no parameters). */
function usernameIn(path: string | null): string | null {
  const match = /\/u\/([^/?#]+)/.exec(path ?? '');
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/**
 * No citizen by this username (none ever, a pending account, or one that is gone: the profile's 404, which this
 * page keeps). It says so in the person's terms rather than "page not found", and offers a way on: for a citizen
 * the people to follow, for everyone the home page.
 */
export default async function CitizenNotFound() {
  const t = await getTranslations('NotFound');
  const username = usernameIn((await headers()).get(requestPathHeader));
  const citizen = (await getServerSession()).kind === 'citizen';
  return (
    <article className={styles.missing}>
      <h1 className={styles.pageHeading}>{t('citizenHeading')}</h1>
      <p dir="auto">{username ? t('citizenBodyNamed', { username }) : t('citizenBody')}</p>
      <ul className={styles.missingLinks}>
        {citizen ? (
          <li>
            <Link href="/people">{t('findPeople')}</Link>
          </li>
        ) : null}
        <li>
          <Link href="/">{t('backHome')}</Link>
        </li>
      </ul>
    </article>
  );
}
