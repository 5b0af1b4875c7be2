import { getFollowingFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { followingRules } from '../posts/visibility.js';
import { runFeed } from './pipeline.js';
import { followingSkeleton } from './skeletons/following-posts.js';

/**
 * The following feed (ADR 081), for citizens: a snapshot as of the requested time (now by default, never later),
 * each page read for its reader alone, as nobody else's page holds the same posts.
 */
export default defineRoute(getFollowingFeed, async ({ query, caller, ctx }) => {
  const now = ctx.now();
  const skeleton = followingSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    viewerId: caller.citizenId,
    size: query.size,
    snapshot: Math.min(query.timestamp ?? now, now),
  });
  return runFeed(ctx, caller.citizenId, { skeleton, rules: followingRules }, query.continuationToken);
});
