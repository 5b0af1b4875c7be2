import { setMyLanguage } from '@civitas/contract';
import { callerGone } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';

/**
 * The language my emails are written in and my other devices adopt at sign-in. No cache holds it: my profile
 * and the mail senders read the row fresh.
 */
export default defineRoute(setMyLanguage, async ({ body, caller, ctx }) => {
  const result = await ctx.db
    .updateTable('citizens')
    .set({ language: body.language, updated_at: ctx.now() })
    .where('id', '=', caller.citizenId)
    .executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw callerGone();
  return undefined;
});
