import { getHashtagFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { hashtagKey } from '../posts/caption.js';
import { listedRules } from '../posts/visibility.js';
import { runFeed } from './pipeline.js';
import { hashtagPostsSkeleton } from './skeletons/hashtag-posts.js';

/**
 * The public posts of a hashtag, for guests and citizens alike (a citizen's page also says which posts they
 * liked). Private posts never enter, not even for the author's friends: a tag page is a public place.
 */
export default defineRoute(getHashtagFeed, async ({ params, query, caller, ctx }) => {
  const skeleton = hashtagPostsSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    nameKey: hashtagKey(params.name),
    size: query.size,
  });
  const viewerId = caller.kind === 'citizen' ? caller.citizenId : null;
  return runFeed(ctx, viewerId, { skeleton, rules: listedRules }, query.continuationToken);
});
