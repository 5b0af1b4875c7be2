import { getSharedStageFeed } from '@civitas/contract';
import { defineRoute, SerializedBody } from '../../http/route.js';
import { publicFeedRules } from './feed-rules.js';
import { runFeed } from './pipeline.js';
import { stageSkeleton } from './skeletons/stage.js';

/**
 * The stage as a guest reads it, for the web server's first render of `/` (machine token: it has no guest
 * token of its own). Same skeleton, rules and snapshot as the eight-stage feed, and no viewer, so its pages
 * are the guest pages: its continuation tokens are bound to the same feed (`stage:<country>`), and a browser
 * carries on from the server's first page through the citizen-or-guest call (ADR 002). That grants nothing:
 * a token only names a position in the public stage every guest may read.
 *
 * Being a guest page, it is kept in the guests' page cache under the same key (GUEST_PAGE_CACHE_MS), so
 * server renders and guests share one read per page per second.
 */
export default defineRoute(getSharedStageFeed, async ({ query, ctx }) => {
  const read = () => {
    const now = ctx.now();
    const skeleton = stageSkeleton({
      db: ctx.db,
      cursorSecret: ctx.keys.cursorSecret,
      country: query.country,
      size: query.size,
      snapshot: Math.min(query.timestamp ?? now, now),
    });
    return runFeed(ctx, null, { skeleton, rules: publicFeedRules }, query.continuationToken);
  };
  if (ctx.config.GUEST_PAGE_CACHE_MS === 0) return read();
  const key = [query.country, query.size, query.continuationToken ?? '', query.timestamp ?? ''].join('|');
  return ctx.caches.guestStagePages.get(key, async () => SerializedBody.of(getSharedStageFeed, await read()));
});
