import type { getMyPublicFeed, QueryOf } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { publicRules, standardRules } from '../posts/visibility.js';
import { type FeedPage, runFeed } from './pipeline.js';
import { authorPostsSkeleton } from './skeletons/author-posts.js';

export interface OwnPostsRequest {
  citizenId: string;
  sharing: 'public' | 'private';
  /** size and continuationToken, as both own-feed endpoints take them. */
  page: QueryOf<typeof getMyPublicFeed>;
}

/** My own posts of one sharing, newest first, including those still uploading or processing (readyOrOwn). */
export function ownPostsFeed(ctx: AppContext, request: OwnPostsRequest): Promise<FeedPage> {
  const { citizenId, sharing, page } = request;
  const skeleton = authorPostsSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    feed: `my-profile:${citizenId}:${sharing}`,
    authorId: citizenId,
    sharing,
    includeUnready: true,
    size: page.size,
  });
  const rules = sharing === 'public' ? publicRules : standardRules;
  return runFeed(ctx, citizenId, { skeleton, rules }, page.continuationToken);
}
