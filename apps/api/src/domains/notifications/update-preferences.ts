import { updateNotificationPreferences } from '@civitas/contract';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { kindsTold } from './kinds.js';
import { changePreferences } from './preferences.js';

/** Kinds turned off stop new notifications of that kind; what was told already stays in the list. */
export default defineRoute(updateNotificationPreferences, async ({ body, caller, ctx }) => ({
  ...(await withLiveCaller(() => changePreferences(ctx.db, caller.citizenId, body))),
  told: kindsTold(ctx.config),
}));
