import { headers } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { AccountMenuItems } from '@/components/shell/account-menu-items';
import { readMe } from '@/server/read-me';
import { requestPathHeader, signInHref } from '@/session/request-path';
import { getServerSession } from '@/session/server-session';
import type { Theme } from '@/theme/theme';
import styles from './auth.module.css';
import { CitizenCorner } from './citizen-corner';

/**
 * The header's account corner, from the session cookies (docs/product.md §3): the citizen's picture opening the
 * account menu, or sign-in. A guest's sign-in here is for wider screens; on a phone the tab bar carries it
 * (shell.module.css), so it is never shown twice.
 */
export async function SessionNav({ theme }: { theme: Theme }) {
  const t = await getTranslations('Auth.nav');
  const session = await getServerSession();
  if (session.kind === 'citizen') {
    // The picture comes with the page, so the header needs no store; a failed read leaves it to the browser's cache.
    const me = await readMe(session.token).catch(() => null);
    const picture = me?.ok ? (me.data.profilePictureUri ?? null) : undefined;
    const moderator = me?.ok === true && me.data.roles.includes('moderator');
    return (
      <div className={styles.session}>
        <CitizenCorner
          picture={picture}
          signedInAs={t('signedInAs', { username: session.username })}
          menuItems={<AccountMenuItems theme={theme} moderator={moderator} />}
          signOut={{ label: t('signOut'), busyLabel: t('signingOut'), failedLabel: t('signOutFailed') }}
        />
      </div>
    );
  }
  const requested = (await headers()).get(requestPathHeader);
  return (
    <div className={styles.session}>
      <a className="header-sign-in" href={signInHref(requested)}>
        {t('signIn')}
      </a>
    </div>
  );
}
