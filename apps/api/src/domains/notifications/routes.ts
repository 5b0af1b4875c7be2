import type { Route } from '../../http/route.js';
import getNotifications from './get-notifications.js';
import getPreferences from './get-preferences.js';
import getPushKey from './get-push-key.js';
import getUnreadCount from './get-unread-count.js';
import markRead from './mark-read.js';
import streamNotifications from './stream-notifications.js';
import subscribeToPush from './subscribe-to-push.js';
import unsubscribeFromPush from './unsubscribe-from-push.js';
import updatePreferences from './update-preferences.js';

/** The notifications domain's routes (ADR 077); registered by src/routes.ts. */
export const notificationsRoutes = [
  getNotifications,
  getUnreadCount,
  markRead,
  getPreferences,
  updatePreferences,
  streamNotifications,
  getPushKey,
  subscribeToPush,
  unsubscribeFromPush,
] as Route[];
