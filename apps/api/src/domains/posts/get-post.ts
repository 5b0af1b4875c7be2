import { getPost } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import type { ReadyAnswer } from '../../http/express-lane.js';
import { defineRoute } from '../../http/route.js';
import { SerializedBody } from '../../http/serialized-body.js';
import { visiblePostJson } from './load.js';

const visiblePost = async (ctx: AppContext, postId: string, viewerId: string) =>
  SerializedBody.checked(await visiblePostJson(ctx, postId, viewerId));

export default defineRoute(getPost, ({ params, caller, ctx }) => visiblePost(ctx, params.id, caller.citizenId));

/**
 * The same answer, given before routing (http/express-lane.ts, ADR 045): the post comes from the post cache and
 * the reader's likes and visibility from one live read, so the framework's work was a third of its cost. A post
 * the reader may not see fails the read, and the routes answer it (404).
 */
export const readyPost = (ctx: AppContext) =>
  ({
    endpoint: getPost,
    ready: ({ params }, caller) =>
      caller.kind === 'citizen' ? visiblePost(ctx, params.id, caller.citizenId) : undefined,
  }) satisfies ReadyAnswer<typeof getPost> as ReadyAnswer;
