import { getStageFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { publicFeedRules } from './feed-rules.js';
import { runFeed } from './pipeline.js';
import { stageSkeleton } from './skeletons/stage.js';

/**
 * Guests and citizens read the same stage; a citizen's page also says which posts they liked. A timestamp in
 * the future means "now": a snapshot may not promise posts that are not on the stage yet.
 */
export default defineRoute(getStageFeed, async ({ query, caller, ctx }) => {
  const now = ctx.now();
  const skeleton = stageSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    country: query.country,
    size: query.size,
    snapshot: Math.min(query.timestamp ?? now, now),
  });
  const viewerId = caller.kind === 'citizen' ? caller.citizenId : null;
  return runFeed(ctx.db, viewerId, { skeleton, rules: publicFeedRules }, query.continuationToken);
});
