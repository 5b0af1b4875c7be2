import { getTranslations } from 'next-intl/server';
import { type Theme, themeParam, themes } from '@/theme/theme';
import styles from './shell.module.css';

/**
 * The footer's theme picker (ADR 063): plain links, like the language picker (language-links.tsx), so it needs no
 * script: the page loads again with `?theme=…`, the proxy remembers the choice and the server renders it.
 */
export async function ThemeLinks({ current }: { current: Theme }) {
  const t = await getTranslations('Shell');
  return (
    <nav className={styles.themes} aria-label={t('theme.label')}>
      <ul>
        {themes.map((theme) => (
          <li key={theme}>
            <a href={`?${themeParam}=${theme}`} aria-current={theme === current ? 'true' : undefined}>
              {t(`theme.${theme}`)}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
