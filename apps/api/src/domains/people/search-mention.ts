import { searchMention } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { citizensNamed } from './name-search.js';
import { offsetPeoplePage } from './offset-list.js';

/**
 * People to mention: prefix match on username or display name (any of its words, ADR 082), anyone but
 * me, dismissed people included (you may need to mention anyone). Friends first, then people I follow.
 */
export default defineRoute(searchMention, async ({ params, query, caller, ctx }) => {
  const me = caller.citizenId;
  return offsetPeoplePage(ctx.db, {
    viewerId: me,
    where: (eb) =>
      eb.and([eb('citizens.id', 'in', citizensNamed(ctx.db, params.keyword)), eb('citizens.id', '<>', me)]),
    order: 'closeness',
    limit: query.limit,
    offset: query.offset,
  });
});
