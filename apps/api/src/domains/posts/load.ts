import { AppError, postNotFound } from '../../http/errors.js';
import { type Hydration, type HydrationContext, hydratePosts, type PostRow } from './hydrate.js';
import { postDetailJson } from './post-detail-json.js';
import { type PostRule, passesAll, standardRules } from './visibility.js';

export interface VisiblePost {
  post: PostRow;
  hydration: Hydration;
}

/** One post through the same hydrate → rules path as the feeds; 404 when the viewer may not see it. */
export async function loadVisiblePost(
  ctx: HydrationContext,
  postId: string,
  viewerId: string | null,
  rules: readonly PostRule[] = standardRules,
): Promise<VisiblePost> {
  const hydration = await hydratePosts(ctx, [postId], viewerId);
  const post = hydration.posts.get(postId);
  if (!post || !passesAll(rules, post, hydration)) throw postNotFound();
  return { post, hydration };
}

/** A post's JSON as the viewer (null: a machine reading a shared post) may see it; 404 as loadVisiblePost. */
export async function visiblePostJson(
  ctx: HydrationContext,
  postId: string,
  viewerId: string | null,
  rules?: readonly PostRule[],
): Promise<string> {
  const { post, hydration } = await loadVisiblePost(ctx, postId, viewerId, rules);
  return postDetailJson(ctx.caches.checkedPostJson, post, hydration);
}

/** A post the caller authored: 404 if they cannot see it, 403 if they can but it is someone else's. */
export async function loadOwnPost(ctx: HydrationContext, postId: string, citizenId: string): Promise<PostRow> {
  const { post } = await loadVisiblePost(ctx, postId, citizenId);
  if (post.author_id !== citizenId) {
    throw new AppError(403, 'NOT_YOUR_POST', 'Only the author of a post can change or delete it');
  }
  return post;
}
