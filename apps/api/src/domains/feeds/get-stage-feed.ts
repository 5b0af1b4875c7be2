import { getStageFeed, type QueryOf } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { defineRoute } from '../../http/route.js';
import { SerializedBody } from '../../http/serialized-body.js';
import { feedPageJson } from '../posts/post-json.js';
import { listedRules } from '../posts/visibility.js';
import { citizenStageBody, sharedStagePage } from './citizen-stage-page.js';
import { type FeedPipeline, runFeed } from './pipeline.js';
import { stageSkeleton } from './skeletons/stage.js';
import { readStageHead, type StageHead, settledSnapshot } from './skeletons/stage-snapshot.js';

/**
 * Guests and citizens read the same stage; a citizen's page also says which posts they liked. A timestamp in
 * the future means "now": a snapshot may not promise posts that are not on the stage yet.
 *
 * A guest's page is the same for every guest, so it is kept for GUEST_PAGE_CACHE_MS (one second by default):
 * the hottest read of the product costs one set of queries per page per second, and a guest sees likes and
 * newly staged posts at most that late.
 */
export default defineRoute(getStageFeed, async ({ query, caller, ctx }) =>
  caller.kind === 'guest' ? guestStagePage(ctx, query) : citizenStagePage(ctx, query, caller.citizenId),
);

type StageQuery = QueryOf<typeof getStageFeed>;

/** The stage shows public posts only, to guests and citizens alike, less the authors a citizen muted (ADR 069). */
const stageRules = listedRules;

/**
 * What a first page is read as of: the requested time (now by default, never later than now), settled on the
 * newest staging at or before it while the reader's page cache is on (`cacheMs`), so requests with different
 * timestamps but the same stage share one page (see settledSnapshot). Later pages take theirs from the token.
 */
async function firstPageSnapshot(ctx: AppContext, query: StageQuery, cacheMs: number): Promise<number> {
  const now = ctx.now();
  if (query.continuationToken !== undefined || cacheMs === 0) return requestedSnapshot(query, now);
  const head = await ctx.caches.stageHeads.get(query.country, () => readStageHead(ctx.db, query.country, now));
  return snapshotOn(head, query, now);
}

const requestedSnapshot = (query: StageQuery, now: number) => Math.min(query.timestamp ?? now, now);

const snapshotOn = (head: StageHead, query: StageQuery, now: number) => {
  const requested = requestedSnapshot(query, now);
  return settledSnapshot(head, requested) ?? requested;
};

function readStagePage(ctx: AppContext, query: StageQuery, snapshot: number, viewerId: string | null) {
  const skeleton = stageSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    country: query.country,
    size: query.size,
    snapshot,
  });
  return runFeed(
    ctx,
    viewerId,
    { skeleton: sharedSkeleton(ctx, query, snapshot, skeleton), rules: stageRules },
    query.continuationToken,
  );
}

const checkedPage = async (ctx: AppContext, query: StageQuery, snapshot: number, viewerId: string | null) =>
  SerializedBody.checked(feedPageJson(ctx.caches.checkedPostJson, await readStagePage(ctx, query, snapshot, viewerId)));

/**
 * Citizens share the page's posts and text for STAGE_SKELETON_CACHE_MS (see SharedStagePage); each adds their
 * likes and the live counts. A page whose posts changed since it was shared is read whole for the reader.
 */
async function citizenStagePage(ctx: AppContext, query: StageQuery, viewerId: string) {
  const snapshot = await firstPageSnapshot(ctx, query, ctx.config.STAGE_SKELETON_CACHE_MS);
  if (ctx.config.STAGE_SKELETON_CACHE_MS === 0) return checkedPage(ctx, query, snapshot, viewerId);
  const shared = await ctx.caches.citizenStagePages.get(pageKey(query, snapshot), async () =>
    sharedStagePage(ctx, await readStagePage(ctx, query, snapshot, null), stageRules),
  );
  return (await citizenStageBody(ctx, shared, viewerId)) ?? checkedPage(ctx, query, snapshot, viewerId);
}

/**
 * A page with no viewer: the same for every guest (and for the sharing stage the web server renders with), so
 * it is kept for GUEST_PAGE_CACHE_MS under one key.
 */
export async function guestStagePage(ctx: AppContext, query: StageQuery) {
  const snapshot = await firstPageSnapshot(ctx, query, ctx.config.GUEST_PAGE_CACHE_MS);
  if (ctx.config.GUEST_PAGE_CACHE_MS === 0) return checkedPage(ctx, query, snapshot, null);
  return ctx.caches.guestStagePages.get(pageKey(query, snapshot), async () =>
    SerializedBody.of(getStageFeed, await readStagePage(ctx, query, snapshot, null)),
  );
}

/**
 * The snapshot firstPageSnapshot settles on, if what it reads (the stage's head) is in its cache; undefined
 * otherwise. For answers given before routing (http/express-lane.ts), which may not wait for a read of the head.
 */
function readySnapshot(ctx: AppContext, query: StageQuery, cacheMs: number): number | undefined {
  const now = ctx.now();
  if (query.continuationToken !== undefined || cacheMs === 0) return requestedSnapshot(query, now);
  const head = ctx.caches.stageHeads.peek(query.country);
  return head ? snapshotOn(head, query, now) : undefined;
}

/**
 * A guest's page as guestStagePage would answer it, if it is already in the cache with everything it was read
 * from (the stage's head): for answers served before routing (http/express-lane.ts). Undefined otherwise.
 */
export function readyGuestStagePage(ctx: AppContext, query: StageQuery): SerializedBody | undefined {
  if (ctx.config.GUEST_PAGE_CACHE_MS === 0) return undefined;
  const snapshot = readySnapshot(ctx, query, ctx.config.GUEST_PAGE_CACHE_MS);
  return snapshot === undefined ? undefined : ctx.caches.guestStagePages.peek(pageKey(query, snapshot));
}

/**
 * A citizen's page as citizenStagePage would answer it, when the page they share with other citizens is in the
 * cache: their likes and the live counts are read as the route reads them (ADR 045). Undefined when the shared
 * page is not there yet; a promise of null when a post changed since it was shared (the route reads the page
 * whole).
 */
export function readyCitizenStagePage(
  ctx: AppContext,
  query: StageQuery,
  viewerId: string,
): Promise<SerializedBody | null> | undefined {
  if (ctx.config.STAGE_SKELETON_CACHE_MS === 0) return undefined;
  const snapshot = readySnapshot(ctx, query, ctx.config.STAGE_SKELETON_CACHE_MS);
  if (snapshot === undefined) return undefined;
  const shared = ctx.caches.citizenStagePages.peek(pageKey(query, snapshot));
  return shared && citizenStageBody(ctx, shared, viewerId);
}

/** A first page by its snapshot, a later one by its token (which carries the snapshot). */
const pageKey = (query: StageQuery, snapshot: number) =>
  `${query.country}|${query.size}|${query.continuationToken ?? snapshot}`;

/**
 * Which posts a stage page holds is the same for every reader of the same request, so citizens share it for
 * STAGE_SKELETON_CACHE_MS (one second by default): each then pays only for their own hydration (counts, their
 * likes).
 */
function sharedSkeleton(
  ctx: AppContext,
  query: StageQuery,
  snapshot: number,
  skeleton: FeedPipeline['skeleton'],
): FeedPipeline['skeleton'] {
  if (ctx.config.STAGE_SKELETON_CACHE_MS === 0) return skeleton;
  // The pipeline may read on past an emptied page, with a token of its own: keyed by that token.
  return (token) =>
    ctx.caches.stageSkeletons.get(pageKey({ ...query, continuationToken: token }, snapshot), () => skeleton(token));
}
