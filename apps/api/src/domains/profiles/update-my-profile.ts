import { updateMyProfile } from '@civitas/contract';
import { callerGone } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { writeSearchPrefixes } from '../search/search-terms.js';
import { myProfileAnswer } from './my-profile.js';
import { profileColumns } from './present.js';

/**
 * My name and bio. Nothing holds a copy long: posts read their author's row with every read, mentions keep a
 * citizen's name for MENTION_CACHE_MS and guests' pages for a second (ADR 048). The prefixes people find me by (ADR
 * 082) change with the name, in the same transaction.
 */
export default defineRoute(updateMyProfile, async ({ body, caller, ctx }) => {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('citizens')
      .set({
        display_name: body.displayName,
        display_name_key: body.displayName.toLowerCase(),
        bio: body.bio,
        updated_at: ctx.now(),
      })
      .where('id', '=', caller.citizenId)
      .returning(profileColumns)
      .executeTakeFirst();
    if (updated) {
      const { id, username, display_name: displayName, followers_count: followers } = updated;
      await writeSearchPrefixes(trx, { id, username, displayName, followers });
    }
    return updated;
  });
  if (!row) throw callerGone();
  return myProfileAnswer(ctx, row);
});
