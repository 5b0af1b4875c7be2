import { getTranslations } from 'next-intl/server';
import { type HomeFeed, homeFeedHref, homeFeeds } from '@/home/home-feed';
import styles from './feed.module.css';

/**
 * A citizen's home: the main stage or the people they follow (ADR 081). Plain links drawn as tabs, so choosing needs
 * no script; the link carries the choice, which this browser then remembers.
 */
export async function HomeTabs({ current }: { current: HomeFeed }) {
  const t = await getTranslations('Feed.tabs');
  return (
    <nav className={styles.tabs} aria-label={t('label')}>
      {homeFeeds.map((feed) => (
        <a
          key={feed}
          href={homeFeedHref(feed)}
          className={styles.tab}
          aria-current={feed === current ? 'page' : undefined}
        >
          {t(feed)}
        </a>
      ))}
    </nav>
  );
}
