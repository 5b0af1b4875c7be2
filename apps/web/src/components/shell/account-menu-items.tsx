import { Check, CircleUserRound, ShieldBan, ShieldCheck, UserPen } from 'lucide';
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/icon';
import { Link } from '@/components/link';
import { type Theme, themeParam, themes } from '@/theme/theme';
import styles from './shell.module.css';

const THEME_LABEL_ID = 'account-menu-theme';

/**
 * The account menu's items but sign-out (ADR 063): my profile, editing it, blocked and muted (ADR 071), the
 * moderation screen for moderators (ADR 073), and the theme. Drawn by the server
 * and handed to the menu (account-menu.tsx), so their text, icons and the theme list cost the browser no script.
 * Plain links, reached with Tab; the chosen theme is the current one of its list.
 */
export async function AccountMenuItems({ theme, moderator = false }: { theme: Theme; moderator?: boolean }) {
  const t = await getTranslations('Shell');
  const safety = await getTranslations('Safety');
  const moderation = await getTranslations('Moderation');
  return (
    <>
      <Link href="/me">
        <Icon node={CircleUserRound} size={20} />
        {t('nav.myProfile')}
      </Link>
      <Link href="/me?edit=profile">
        <Icon node={UserPen} size={20} />
        {t('account.editProfile')}
      </Link>
      {/* Whom I blocked or muted and my reports (ADR 071). */}
      <Link href="/me/safety">
        <Icon node={ShieldBan} size={20} />
        {safety('page.title')}
      </Link>
      {/* Only for moderators, by the roles my profile names (ADR 073). */}
      {moderator ? (
        <Link href="/moderation">
          <Icon node={ShieldCheck} size={20} />
          {moderation('menuLink')}
        </Link>
      ) : null}
      <div className={styles.accountGroup}>
        <span id={THEME_LABEL_ID} className={styles.accountGroupLabel}>
          {t('theme.label')}
        </span>
        <ul aria-labelledby={THEME_LABEL_ID}>
          {themes.map((choice) => (
            <li key={choice}>
              {/* A whole page load: the server renders the chosen theme (ADR 063). */}
              <a aria-current={choice === theme ? 'true' : undefined} href={`?${themeParam}=${choice}`}>
                <Icon node={Check} size={20} className={styles.check} />
                {t(`theme.${choice}`)}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}
