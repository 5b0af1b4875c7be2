import { getMyRelevantCreators } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { creatorsFollowedByMyFollowees, RELEVANT_LIST_SIZE } from './network.js';
import { personView } from './person.js';
import { loadRelations } from './relations.js';

/** Creators followed by the people I follow, whom I do not follow yet nor dismissed: most links first. */
export default defineRoute(getMyRelevantCreators, async ({ caller, ctx }) => {
  const me = caller.citizenId;
  const rows = await creatorsFollowedByMyFollowees(ctx.db, me, RELEVANT_LIST_SIZE);
  const relations = await loadRelations(
    ctx.db,
    me,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => personView(row, relations)) };
});
