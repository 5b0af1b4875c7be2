import type { PostView } from '@civitas/contract';
import { type HydrationContext, hydratePosts } from '../posts/hydrate.js';
import { postView } from '../posts/present.js';
import { type PostRule, passesAll } from '../posts/visibility.js';

/** Which posts, in which order: the only stage where curation and ranking live. */
export interface Skeleton {
  postIds: string[];
  /** Token for the page after this one: present whenever postIds is not empty, null on an empty page. */
  continuationToken: string | null;
}

export interface FeedPipeline {
  /** One page of post ids from the position a token names (undefined: the start). */
  skeleton: (continuationToken: string | undefined) => Promise<Skeleton>;
  rules: readonly PostRule[];
}

export interface FeedPage {
  data: PostView[];
  continuationToken: string | null;
}

// Skeletons filter in SQL what they can, so the rules rarely drop a whole page (a post deleted between the
// skeleton and the hydration); when they do, the next pages are read so that an empty page still means
// "the end" to a client (docs/product.md §9). Past the limit the empty page keeps its token, so a client that follows
// tokens can still go on, and no request does unbounded work.
const MAX_SKIPPED_PAGES = 5;

/** skeleton → hydrate (batched) → rules → present. */
export async function runFeed(
  ctx: HydrationContext,
  viewerId: string | null,
  pipeline: FeedPipeline,
  continuationToken: string | undefined,
): Promise<FeedPage> {
  let token = continuationToken;
  for (let attempt = 0; ; attempt++) {
    const skeleton = await pipeline.skeleton(token);
    const hydration = await hydratePosts(ctx, skeleton.postIds, viewerId);
    const data: PostView[] = [];
    for (const id of skeleton.postIds) {
      const post = hydration.posts.get(id);
      if (post && passesAll(pipeline.rules, post, hydration)) data.push(postView(post, hydration));
    }
    const next = skeleton.continuationToken;
    if (data.length > 0 || !next || attempt >= MAX_SKIPPED_PAGES) return { data, continuationToken: next };
    token = next;
  }
}
