'use client';

import { useSyncExternalStore } from 'react';
import { type LiveNotifications, listenToNotifications, liveNotifications } from '@/client/live/notification-stream';

const NOTHING_YET: LiveNotifications = { unread: null, linesChanged: 0 };

/** My live notifications (the tab's one stream, opened while a component uses this); nothing on the server. */
export const useLiveNotifications = (): LiveNotifications =>
  useSyncExternalStore(listenToNotifications, liveNotifications, () => NOTHING_YET);
