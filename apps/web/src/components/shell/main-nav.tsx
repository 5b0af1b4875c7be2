'use client';

import { CircleUserRound, House, LogIn, type LucideIcon, SquarePlus, Users } from 'lucide-react';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Link } from '@/components/link';
import styles from './shell.module.css';

interface Tab {
  href: string;
  label: string;
  Icon: LucideIcon;
  /** A whole page load rather than a client navigation: sign-in leaves for the authorization server. */
  external?: boolean;
  /** Shown in the tab bar only: on wider screens the header's own link does this (sign-in). */
  phoneOnly?: boolean;
}

/**
 * The app's navigation (ADR 063): a fixed tab bar of icons and labels at the foot of a phone's screen, a rail beside
 * the column on wider ones; one list, placed by shell.module.css. Citizens: the stage, people, a new post and
 * their profile; guests: the stage and sign-in. Later tabs (notifications, search) are one more entry here.
 */
export function MainNav({ signedIn, signInHref }: { signedIn: boolean; signInHref: string }) {
  const t = useTranslations('Shell.nav');
  const pathname = usePathname();
  const tabs: Tab[] = signedIn
    ? [
        { href: '/', label: t('stage'), Icon: House },
        { href: '/people', label: t('people'), Icon: Users },
        { href: '/new', label: t('newPost'), Icon: SquarePlus },
        { href: '/me', label: t('myProfile'), Icon: CircleUserRound },
      ]
    : [
        { href: '/', label: t('stage'), Icon: House },
        { href: signInHref, label: t('signIn'), Icon: LogIn, external: true, phoneOnly: true },
      ];
  return (
    <nav className={styles.mainNav} aria-label={t('label')}>
      <ul>
        {tabs.map(({ href, label, Icon, external, phoneOnly }) => {
          const content = (
            <>
              <Icon aria-hidden="true" />
              <span>{label}</span>
            </>
          );
          const current = pathname === href ? 'page' : undefined;
          return (
            <li key={href} className={phoneOnly ? styles.phoneOnly : undefined}>
              {external ? (
                <a href={href}>{content}</a>
              ) : (
                <Link href={href} aria-current={current}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
