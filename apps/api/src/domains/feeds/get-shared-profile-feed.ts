import { getSharedProfileFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { publicRules } from '../posts/visibility.js';
import { runFeed } from './pipeline.js';
import { authorPostsSkeleton } from './skeletons/author-posts.js';
import { citizenIdByUsername } from './subjects.js';

/** A citizen's ready public posts for share previews and server rendering (no viewer: nobody's likes). */
export default defineRoute(getSharedProfileFeed, async ({ params, query, ctx }) => {
  const authorId = await citizenIdByUsername(ctx.db, params.username);
  const skeleton = authorPostsSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    feed: `profile:${authorId}:public`,
    authorId,
    sharing: 'public',
    includeUnready: false,
    size: query.size,
  });
  return runFeed(ctx, null, { skeleton, rules: publicRules }, query.continuationToken);
});
