'use client';

import { type IconNode, LayoutGrid, Rows3 } from 'lucide';
import { useTranslations } from 'next-intl';
import { Icon } from '@/components/icon';
import { choosePostsView, type PostsView } from './posts-view';
import styles from './profile.module.css';
import { usePostsView } from './use-posts-view';

const VIEWS = [
  { view: 'grid', icon: LayoutGrid, key: 'gridView' },
  { view: 'list', icon: Rows3, key: 'listView' },
] as const satisfies readonly { view: PostsView; icon: IconNode; key: string }[];

/** Grid or list: a pair of toggle buttons, the one showing pressed (a group named for what it chooses). */
export function ViewToggle() {
  const t = useTranslations('Profile');
  const shown = usePostsView();
  return (
    <fieldset className={styles.viewToggle}>
      <legend className="visually-hidden">{t('viewLabel')}</legend>
      {VIEWS.map(({ view, icon, key }) => (
        <button
          key={view}
          type="button"
          className={styles.viewButton}
          aria-pressed={shown === view}
          title={t(key)}
          onClick={() => choosePostsView(view)}
        >
          <Icon node={icon} className={styles.viewIcon} />
          <span className="visually-hidden">{t(key)}</span>
        </button>
      ))}
    </fieldset>
  );
}
