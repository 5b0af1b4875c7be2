import { getNotificationPreferences } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { kindsTold } from './kinds.js';
import { preferencesOf } from './preferences.js';

export default defineRoute(getNotificationPreferences, async ({ caller, ctx }) => ({
  ...(await preferencesOf(ctx.db, caller.citizenId)),
  told: kindsTold(ctx.config),
}));
