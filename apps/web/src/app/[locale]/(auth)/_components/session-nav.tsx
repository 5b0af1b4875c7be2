import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { readMe } from '@/server/read-me';
import { requestPathHeader, signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import styles from './auth.module.css';
import { CitizenCorner } from './citizen-corner';

/** The header's account corner, from the session cookies (docs/product.md §3): the citizen's name and sign-out, or sign-in. */
export async function SessionNav() {
  const t = await getTranslations('Auth.nav');
  const session = await getServerSession();
  if (session.kind === 'citizen') {
    // The picture comes with the page, so the header needs no store; a failed read leaves it to the browser's cache.
    const me = await readMe(session.token).catch(() => null);
    const picture = me?.ok ? (me.data.profilePictureUri ?? null) : undefined;
    return (
      <div className={styles.session}>
        <CitizenCorner
          picture={picture}
          pictureLabel={t('myProfile')}
          signedInAs={t('signedInAs', { username: session.username })}
          signOut={{ label: t('signOut'), busyLabel: t('signingOut'), failedLabel: t('signOutFailed') }}
        />
      </div>
    );
  }
  const requested = (await headers()).get(requestPathHeader);
  return (
    <div className={styles.session}>
      <a href={signInHref(requested)}>{t('signIn')}</a>
    </div>
  );
}
