import { getNotificationPreferences } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { preferencesOf } from './preferences.js';

export default defineRoute(getNotificationPreferences, async ({ caller, ctx }) =>
  preferencesOf(ctx.db, caller.citizenId),
);
