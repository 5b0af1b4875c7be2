import { Bell, CircleUserRound, House, type IconNode, LogIn, Search, SquarePlus, Users } from 'lucide';
import { getTranslations } from 'next-intl/server';
import { Icon } from '@/components/icon';
import { NavLink } from './nav-link';
import styles from './shell.module.css';
import { UnreadBadgeSlot } from './unread-badge-slot';

interface Tab {
  href: string;
  label: string;
  icon: IconNode;
  /** A whole page load rather than a client navigation: sign-in leaves for the authorization server. */
  external?: boolean;
  /** Shown in the tab bar only: on wider screens the header's own link does this (sign-in). */
  phoneOnly?: boolean;
  /** The live unread count on the icon (notifications). */
  badge?: boolean;
}

/**
 * The app's navigation (ADR 063): a fixed tab bar of icons and labels at the foot of a phone's screen, a rail
 * beside the column on wider ones; one list, placed by shell.module.css. On a phone the six tabs show their icons
 * alone, as the apps people know do; each label stays the link's name for screen readers. Drawn by the server: only NavLink, which
 * marks the current page, runs in the browser. Citizens: the stage, search, people, a new post, notifications and
 * their profile; guests: the stage, search and sign-in. The notifications tab carries the live unread count (ADR
 * 078).
 */
export async function MainNav({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  const t = await getTranslations('Shell.nav');
  const tabs: Tab[] = signedIn
    ? [
        { href: '/', label: t('stage'), icon: House },
        { href: '/search', label: t('search'), icon: Search },
        { href: '/people', label: t('people'), icon: Users },
        { href: '/new', label: t('newPost'), icon: SquarePlus },
        { href: '/notifications', label: t('notifications'), icon: Bell, badge: true },
        { href: '/me', label: t('myProfile'), icon: CircleUserRound },
      ]
    : [
        { href: '/', label: t('stage'), icon: House },
        { href: '/search', label: t('search'), icon: Search },
        { href: signInHref, label: t('signIn'), icon: LogIn, external: true, phoneOnly: true },
      ];
  return (
    <nav className={styles.mainNav} aria-label={t('label')}>
      <ul>
        {tabs.map(({ href, label, icon, external, phoneOnly, badge }) => {
          const content = (
            <>
              <span className={styles.tabIcon}>
                <Icon node={icon} />
                {badge ? <UnreadBadgeSlot /> : null}
              </span>
              <span className={styles.tabLabel}>{label}</span>
            </>
          );
          return (
            <li key={href} className={phoneOnly ? styles.phoneOnly : undefined}>
              {external ? <a href={href}>{content}</a> : <NavLink href={href}>{content}</NavLink>}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
