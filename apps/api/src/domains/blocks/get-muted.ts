import { getMuted } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { listedCitizensPage } from './listed-citizens.js';

export default defineRoute(getMuted, async ({ query, caller, ctx }) =>
  listedCitizensPage(ctx, 'muted', caller.citizenId, query),
);
