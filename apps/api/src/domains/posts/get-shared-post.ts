import { getSharedPost } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { SerializedBody } from '../../http/serialized-body.js';
import { visiblePostJson } from './load.js';
import { publicRules } from './visibility.js';

export default defineRoute(getSharedPost, async ({ params, ctx }) =>
  SerializedBody.checked(await visiblePostJson(ctx, params.id, null, publicRules)),
);
