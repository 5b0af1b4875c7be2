import { dismissSuggestion } from '@civitas/contract';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { requireCitizen } from './graph-filters.js';

/** Idempotent: dismissing someone twice keeps the first dismissal. */
export default defineRoute(dismissSuggestion, async ({ body, caller, ctx }) => {
  const me = caller.citizenId;
  const dismissedId = body.suggestedProfileId;
  if (dismissedId === me) {
    throw badRequest('CANNOT_DISMISS_SELF', 'You are never suggested to yourself, so there is nothing to dismiss');
  }
  await requireCitizen(ctx.db, dismissedId, caller.citizenId);
  await ctx.db
    .insertInto('dismissed_suggestions')
    .values({ citizen_id: me, dismissed_id: dismissedId, created_at: ctx.now() })
    .onConflict((conflict) => conflict.columns(['citizen_id', 'dismissed_id']).doNothing())
    .execute();
  return undefined;
});
