import { getUnreadNotificationCount } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { unreadCount } from './unread.js';

export default defineRoute(getUnreadNotificationCount, async ({ caller, ctx }) => ({
  count: await unreadCount(ctx.db, caller.citizenId),
}));
