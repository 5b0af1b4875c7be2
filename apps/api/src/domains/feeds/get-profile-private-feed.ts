import { getProfilePrivateFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { standardRules } from '../posts/visibility.js';
import { runFeed } from './pipeline.js';
import { authorPostsSkeleton } from './skeletons/author-posts.js';
import { assertMayReadPrivateFeed } from './subjects.js';

/** A citizen's private posts, for the citizen and their friends (403 PRIVATE_FEED_FRIENDS_ONLY for others). */
export default defineRoute(getProfilePrivateFeed, async ({ params, query, caller, ctx }) => {
  const authorId = params.citizenId;
  await assertMayReadPrivateFeed(ctx.db, authorId, caller.citizenId);
  const skeleton = authorPostsSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    feed: `profile:${authorId}:private`,
    authorId,
    sharing: 'private',
    includeUnready: authorId === caller.citizenId,
    size: query.size,
  });
  return runFeed(ctx, caller.citizenId, { skeleton, rules: standardRules }, query.continuationToken);
});
