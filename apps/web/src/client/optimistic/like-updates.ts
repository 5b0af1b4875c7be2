import type { LikesOverviewDetails } from '@civitas/contract';
import { contentApi, postQueries } from '../api/content-api';
import { likeQueries, socialApi } from '../api/social-api';
import type { Carrier } from './carriers';
import type { MutationLifecycle } from './lifecycle';
import { settled } from './lifecycle';
import { type LikeCarrier, setLiked, setLikesOverview } from './likes';
import { patchQueries, undoAll } from './patch-queries';

/**
 * `onQueryStarted` of like (true) and unlike (false): every cached copy of the post changes at once; once the
 * server took it, lists of loved posts are fetched again when next shown (mine has gained or lost the post).
 */
export const likeUpdate =
  (liked: boolean) =>
  async (
    request: { params: { id: string } },
    lifecycle: MutationLifecycle<{ likesOverviewDetails: LikesOverviewDetails }>,
  ): Promise<void> => {
    const postId = request.params.id;
    const everywhere = (recipe: (draft: Carrier<LikeCarrier>) => void) => [
      ...patchQueries(contentApi, postQueries, lifecycle.getState(), lifecycle.dispatch, recipe),
      ...patchQueries(socialApi, likeQueries, lifecycle.getState(), lifecycle.dispatch, recipe),
    ];
    const patches = everywhere((draft) => setLiked(draft, postId, liked));
    await settled(
      lifecycle,
      (data) => {
        everywhere((draft) => setLikesOverview(draft, postId, data.likesOverviewDetails));
        lifecycle.dispatch(contentApi.util.invalidateTags(['LovedPosts']) as never);
      },
      () => undoAll(patches),
    );
  };
