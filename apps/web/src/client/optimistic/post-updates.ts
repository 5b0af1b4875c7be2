import type { CaptionView } from '@civitas/contract';
import { contentApi, postListQueries, postQueries } from '../api/content-api';
import { socialApi } from '../api/social-api';
import { usersApi } from '../api/users-api';
import type { Carrier } from './carriers';
import { type MutationLifecycle, settled } from './lifecycle';
import { patchQueries, undoAll } from './patch-queries';
import { type PostCarrier, removePost, setCaption, setCaptionResult } from './posts';

/**
 * Delete a post: it leaves every cached list at once (docs/product.md §4), the stage and hashtag pages included, so going
 * back to one does not show it again; my counts are fetched again after.
 */
export async function deletePostUpdate(request: { params: { id: string } }, lifecycle: MutationLifecycle<unknown>) {
  const postId = request.params.id;
  const patches = patchQueries(
    contentApi,
    postListQueries,
    lifecycle.getState(),
    lifecycle.dispatch,
    (draft: Carrier<PostCarrier>) => removePost(draft, postId),
  );
  await settled(
    lifecycle,
    () => {
      lifecycle.dispatch(usersApi.util.invalidateTags(['Me']) as never);
      lifecycle.dispatch(socialApi.util.invalidateTags([{ type: 'SocialOverview', id: 'me' }]) as never);
    },
    () => undoAll(patches),
  );
}

/** Edit a caption: the text shows at once everywhere; mentions and hashtags follow from the server's answer. */
export async function updateCaptionUpdate(
  request: { params: { id: string }; body: { caption: string; mentionRequest?: string[] } },
  lifecycle: MutationLifecycle<{ caption: CaptionView; mentionRequest: string[]; hashtags: string[] }>,
) {
  const postId = request.params.id;
  const everywhere = (recipe: (draft: Carrier<PostCarrier>) => void) =>
    patchQueries(contentApi, postQueries, lifecycle.getState(), lifecycle.dispatch, recipe);
  const { caption, mentionRequest = [] } = request.body;
  const patches = everywhere((draft) => setCaption(draft, postId, caption, mentionRequest));
  await settled(
    lifecycle,
    (result) => everywhere((draft) => setCaptionResult(draft, postId, result)),
    () => undoAll(patches),
  );
}
