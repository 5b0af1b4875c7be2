'use client';

import { LayoutGrid, Rows3 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { choosePostsView, type PostsView } from './posts-view';
import styles from './profile.module.css';
import { usePostsView } from './use-posts-view';

const VIEWS = [
  { view: 'grid', Icon: LayoutGrid, key: 'gridView' },
  { view: 'list', Icon: Rows3, key: 'listView' },
] as const satisfies readonly { view: PostsView; Icon: unknown; key: string }[];

/** Grid or list: a pair of toggle buttons, the one showing pressed (a group named for what it chooses). */
export function ViewToggle() {
  const t = useTranslations('Profile');
  const shown = usePostsView();
  return (
    <fieldset className={styles.viewToggle}>
      <legend className="visually-hidden">{t('viewLabel')}</legend>
      {VIEWS.map(({ view, Icon, key }) => (
        <button
          key={view}
          type="button"
          className={styles.viewButton}
          aria-pressed={shown === view}
          title={t(key)}
          onClick={() => choosePostsView(view)}
        >
          <Icon aria-hidden="true" className={styles.viewIcon} />
          <span className="visually-hidden">{t(key)}</span>
        </button>
      ))}
    </fieldset>
  );
}
