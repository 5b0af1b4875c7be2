import { getSharedPost } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { visiblePostJson } from './load.js';
import { publicRules } from './visibility.js';

export default defineRoute(getSharedPost, async ({ params, ctx }) =>
  SerializedBody.checked(await visiblePostJson(ctx, params.id, null, publicRules)),
);
