import { getPost } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { visiblePostJson } from './load.js';

export default defineRoute(getPost, async ({ params, caller, ctx }) =>
  SerializedBody.checked(await visiblePostJson(ctx, params.id, caller.citizenId)),
);
