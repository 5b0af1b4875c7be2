import type { PostOverview } from '@civitas/contract';
import { notFound } from '../../http/errors.js';
import { type HydrationContext, hydratePosts } from '../posts/hydrate.js';
import { commentsCountOf } from '../posts/present.js';
import { type PostRule, passesAll, standardRules } from '../posts/visibility.js';

/** docs/product.md §5: the client shows this exact message. */
export const postOverviewNotFound = () => notFound('POST_OVERVIEW_NOT_FOUND', 'Post Overview not found');

/**
 * Overviews of the posts the viewer may see, in the order asked (duplicates once), through the same
 * hydrate → rules path as the feeds: one batched hydration whatever the number of posts.
 */
export async function loadPostOverviews(
  ctx: HydrationContext,
  postIds: readonly string[],
  viewerId: string | null,
  rules: readonly PostRule[] = standardRules,
): Promise<PostOverview[]> {
  const hydration = await hydratePosts(ctx, postIds, viewerId);
  const overviews: PostOverview[] = [];
  const seen = new Set<string>();
  for (const id of postIds) {
    const post = hydration.posts.get(id);
    if (!post || seen.has(post.id) || !passesAll(rules, post, hydration)) continue;
    seen.add(post.id);
    overviews.push({
      contentId: post.id,
      likesOverviewDetails: {
        likesCount: Math.max(0, post.likes_count),
        liked: hydration.likedByViewer.has(post.id),
      },
      commentsCount: commentsCountOf(post),
    });
  }
  return overviews;
}

export async function loadPostOverview(
  ctx: HydrationContext,
  postId: string,
  viewerId: string | null,
  rules?: readonly PostRule[],
): Promise<PostOverview> {
  const [overview] = await loadPostOverviews(ctx, [postId], viewerId, rules);
  if (!overview) throw postOverviewNotFound();
  return overview;
}
