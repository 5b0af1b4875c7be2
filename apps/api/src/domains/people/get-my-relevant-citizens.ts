import { getMyRelevantCitizens } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { friendsOfMyFriends, RELEVANT_LIST_SIZE } from './network.js';
import { personView } from './person.js';
import { loadRelations } from './relations.js';

/** Friends of my friends who are not my friends yet and whom I have not dismissed: most mutual friends first. */
export default defineRoute(getMyRelevantCitizens, async ({ caller, ctx }) => {
  const me = caller.citizenId;
  const rows = await friendsOfMyFriends(ctx.db, me, { limit: RELEVANT_LIST_SIZE, forSuggestions: false });
  const relations = await loadRelations(
    ctx.db,
    me,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => personView(row, relations)) };
});
