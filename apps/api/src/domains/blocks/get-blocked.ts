import { getBlocked } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { listedCitizensPage } from './listed-citizens.js';

export default defineRoute(getBlocked, async ({ query, caller, ctx }) =>
  listedCitizensPage(ctx, 'blocked', caller.citizenId, query),
);
