'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { useGetNotificationsInfiniteQuery, useMarkNotificationsReadMutation } from '@/client/api/notifications-api';
import { showUnreadCount } from '@/client/live/notification-stream';
import { InfiniteList } from '../feed/infinite-list';
import { notifyError } from '../toast';
import { DevicePush } from './device-push';
import { NotificationRow } from './notification-row';
import { NotificationSettings } from './notification-settings';
import styles from './notifications.module.css';
import { useLiveNotifications } from './use-live-notifications';

/**
 * My notifications (ADR 077): the grouped lines, newest first, more as I scroll, read again as new ones arrive
 * live (ADR 078), and "Mark all as read", which clears the badge. Opening the screen marks nothing read: the
 * unread lines stay tinted until I say so.
 */
export function NotificationsScreen() {
  const t = useTranslations('Notifications');
  const result = useGetNotificationsInfiniteQuery({});
  const [markRead, marking] = useMarkNotificationsReadMutation();
  const { unread, linesChanged } = useLiveNotifications();
  const [now, setNow] = useState(() => Date.now());
  const seenChanges = useRef(linesChanged);
  const { refetch } = result;

  useEffect(() => {
    if (linesChanged === seenChanges.current) return;
    seenChanges.current = linesChanged;
    setNow(Date.now());
    void refetch();
  }, [linesChanged, refetch]);

  const markAllRead = async () => {
    const outcome = await markRead({ body: {} });
    if (outcome.error) notifyError(t('markAllReadFailed'));
    else showUnreadCount(outcome.data.count);
  };

  return (
    <>
      <div className={styles.top}>
        <h1 className={styles.heading}>{t('title')}</h1>
        <button
          type="button"
          className={styles.markAll}
          onClick={markAllRead}
          disabled={marking.isLoading || unread === 0}
        >
          {t('markAllRead')}
        </button>
      </div>
      <DevicePush />
      <NotificationSettings />
      <InfiniteList
        as="ul"
        listClassName={styles.list}
        result={result}
        keyOf={(line) => line.id}
        label={t('listLabel')}
        empty={<p className={styles.empty}>{t('empty')}</p>}
        renderItem={(line) => <NotificationRow line={line} now={now} />}
      />
    </>
  );
}
