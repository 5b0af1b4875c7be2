import { getStageFeed, type QueryOf } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { feedPageJson } from '../posts/post-json.js';
import { publicFeedRules } from './feed-rules.js';
import { type FeedPipeline, runFeed } from './pipeline.js';
import { stageSkeleton } from './skeletons/stage.js';

/**
 * Guests and citizens read the same stage; a citizen's page also says which posts they liked. A timestamp in
 * the future means "now": a snapshot may not promise posts that are not on the stage yet.
 *
 * A guest's page is the same for every guest, so it is kept for GUEST_PAGE_CACHE_MS (one second by default):
 * the hottest read of the product costs one set of queries per page per second, and a guest sees likes and
 * newly staged posts at most that late.
 */
export default defineRoute(getStageFeed, async ({ query, caller, ctx }) =>
  caller.kind === 'guest' ? guestStagePage(ctx, query) : checkedPage(ctx, query, caller.citizenId),
);

type StageQuery = QueryOf<typeof getStageFeed>;

function readStagePage(ctx: AppContext, query: StageQuery, viewerId: string | null) {
  const now = ctx.now();
  const skeleton = stageSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    country: query.country,
    size: query.size,
    snapshot: Math.min(query.timestamp ?? now, now),
  });
  return runFeed(
    ctx,
    viewerId,
    { skeleton: sharedSkeleton(ctx, query, skeleton), rules: publicFeedRules },
    query.continuationToken,
  );
}

const checkedPage = async (ctx: AppContext, query: StageQuery, viewerId: string | null) =>
  SerializedBody.checked(feedPageJson(ctx.caches.checkedPostJson, await readStagePage(ctx, query, viewerId)));

/**
 * A page with no viewer: the same for every guest (and for the sharing stage the web server renders with), so
 * it is kept for GUEST_PAGE_CACHE_MS under one key.
 */
export function guestStagePage(ctx: AppContext, query: StageQuery) {
  if (ctx.config.GUEST_PAGE_CACHE_MS === 0) return checkedPage(ctx, query, null);
  const key = [query.country, query.size, query.continuationToken ?? '', query.timestamp ?? ''].join('|');
  return ctx.caches.guestStagePages.get(key, async () =>
    SerializedBody.of(getStageFeed, await readStagePage(ctx, query, null)),
  );
}

/**
 * Which posts a stage page holds is the same for every reader of the same request, so citizens share it for
 * STAGE_SKELETON_CACHE_MS (one second by default): each then pays only for their own hydration (counts, their
 * likes). Pages after the first are keyed by their token, which carries the snapshot.
 */
function sharedSkeleton(
  ctx: AppContext,
  query: QueryOf<typeof getStageFeed>,
  skeleton: FeedPipeline['skeleton'],
): FeedPipeline['skeleton'] {
  if (ctx.config.STAGE_SKELETON_CACHE_MS === 0) return skeleton;
  const request = `${query.country}|${query.size}|${query.timestamp ?? ''}|`;
  return (token) => ctx.caches.stageSkeletons.get(request + (token ?? ''), () => skeleton(token));
}
