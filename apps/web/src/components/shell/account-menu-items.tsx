import { Check, CircleUserRound, UserPen } from 'lucide';
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/icon';
import { Link } from '@/components/link';
import { type Theme, themeParam, themes } from '@/theme/theme';
import styles from './shell.module.css';

const THEME_LABEL_ID = 'account-menu-theme';

/**
 * The account menu's items but sign-out (ADR 063): my profile, editing it, and the theme. Drawn by the server
 * and handed to the menu (account-menu.tsx), so their text, icons and the theme list cost the browser no script.
 * Each is a `menuitem` the menu's arrow keys reach (`tabIndex={-1}`: the menu moves the focus, not Tab).
 */
export async function AccountMenuItems({ theme }: { theme: Theme }) {
  const t = await getTranslations('Shell');
  return (
    <>
      <Link role="menuitem" href="/me" tabIndex={-1}>
        <Icon node={CircleUserRound} size={20} />
        {t('nav.myProfile')}
      </Link>
      <Link role="menuitem" href="/me?edit=profile" tabIndex={-1}>
        <Icon node={UserPen} size={20} />
        {t('account.editProfile')}
      </Link>
      {/* biome-ignore lint/a11y/useSemanticElements: a group of a menu's radio items (WAI-ARIA), not a form's fieldset */}
      <div role="group" aria-labelledby={THEME_LABEL_ID} className={styles.accountGroup}>
        <span id={THEME_LABEL_ID} className={styles.accountGroupLabel}>
          {t('theme.label')}
        </span>
        {themes.map((choice) => (
          // A whole page load: the server renders the chosen theme (ADR 063).
          <a
            key={choice}
            role="menuitemradio"
            aria-checked={choice === theme}
            href={`?${themeParam}=${choice}`}
            tabIndex={-1}
          >
            <Icon node={Check} size={20} className={styles.check} />
            {t(`theme.${choice}`)}
          </a>
        ))}
      </div>
    </>
  );
}
