'use client';

import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Link } from '@/components/link';
import styles from './shell.module.css';

/** The wrapper's navigation: the stage for everyone; a new post, people and my profile for citizens. */
export function MainNav({ signedIn }: { signedIn: boolean }) {
  const t = useTranslations('Shell.nav');
  const pathname = usePathname();
  const links = [
    { href: '/', label: t('stage') },
    ...(signedIn
      ? [
          { href: '/new', label: t('newPost') },
          { href: '/people', label: t('people') },
          { href: '/me', label: t('myProfile') },
        ]
      : []),
  ];
  return (
    <nav className={styles.mainNav} aria-label={t('label')}>
      <ul>
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} aria-current={pathname === link.href ? 'page' : undefined}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
