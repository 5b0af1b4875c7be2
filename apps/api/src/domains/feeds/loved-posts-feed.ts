import type { getLovedPosts, QueryOf } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { listedRules } from '../posts/visibility.js';
import { type FeedPage, runFeed } from './pipeline.js';
import { lovedPostsSkeleton } from './skeletons/loved-posts.js';
import { assertCitizenExists } from './subjects.js';

export interface LovedPostsRequest {
  influencerId: string;
  /** Whose likes to mark as `liked`; null for machine reads. */
  viewerId: string | null;
  /** size and continuationToken, as both loved-posts endpoints take them. */
  page: QueryOf<typeof getLovedPosts>;
}

/** The posts a creator loved; the existence check and the skeleton run side by side. */
export async function lovedPostsFeed(ctx: AppContext, request: LovedPostsRequest): Promise<FeedPage> {
  const { influencerId, viewerId, page } = request;
  const skeleton = lovedPostsSkeleton({
    db: ctx.db,
    cursorSecret: ctx.keys.cursorSecret,
    influencerId,
    size: page.size,
  });
  const [, feedPage] = await Promise.all([
    assertCitizenExists(ctx.db, influencerId, viewerId),
    runFeed(ctx, viewerId, { skeleton, rules: listedRules }, page.continuationToken),
  ]);
  return feedPage;
}
