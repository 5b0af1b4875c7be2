import type { CommentView } from '@civitas/contract';
import { contentApi, postQueries } from '../api/content-api';
import { errorBodyOf } from '../api/errors';
import { likeQueries, socialApi } from '../api/social-api';
import { usersApi } from '../api/users-api';
import type { Carrier } from './carriers';
import {
  addComment,
  type CommentCountCarrier,
  type CommentPages,
  keptCountOf,
  pendingComment,
  pendingCommentId,
  postOfComment,
  removeComment,
  replaceComment,
  setCommentsCount,
  setCommentsOff,
} from './comments';
import type { MutationLifecycle } from './lifecycle';
import { settled } from './lifecycle';
import { patchQueries, type Undoable, undoAll } from './patch-queries';

type Lifecycle<Result> = MutationLifecycle<Result> & { requestId: string };

/** Applies `recipe` to every cached comments list (of the post `postId` only, when given); returns the patches. */
function patchComments(
  lifecycle: Pick<MutationLifecycle<unknown>, 'dispatch' | 'getState'>,
  postId: string | null,
  recipe: (draft: CommentPages) => void,
): Undoable[] {
  const patches: Undoable[] = [];
  for (const arg of contentApi.util.selectCachedArgsForQuery(lifecycle.getState() as never, 'getComments')) {
    if (postId !== null && arg.params.id !== postId) continue;
    const thunk = contentApi.util.updateQueryData('getComments', arg, recipe as never);
    patches.push(lifecycle.dispatch(thunk as never) as Undoable);
  }
  return patches;
}

/** The cached comments lists (of every post), as the store now holds them. */
const cachedComments = (lifecycle: Pick<MutationLifecycle<unknown>, 'getState'>) =>
  contentApi.util
    .selectCachedArgsForQuery(lifecycle.getState() as never, 'getComments')
    .map((arg) => ({ arg, pages: contentApi.endpoints.getComments.select(arg)(lifecycle.getState() as never).data }));

/**
 * The post's cards and overviews show the count its comments list now has (ADR 085): the list is the one place
 * this client keeps it, and each change there is told to every copy of the post.
 */
function tellPostsTheCount(lifecycle: Pick<MutationLifecycle<unknown>, 'dispatch' | 'getState'>, postId: string) {
  const list = cachedComments(lifecycle).find(({ arg }) => arg.params.id === postId)?.pages;
  const count = list ? keptCountOf(list as CommentPages) : null;
  if (count === null) return;
  const recipe = (draft: Carrier<CommentCountCarrier>) => setCommentsCount(draft, postId, count);
  patchQueries(contentApi, postQueries, lifecycle.getState(), lifecycle.dispatch, recipe);
  patchQueries(socialApi, likeQueries, lifecycle.getState(), lifecycle.dispatch, recipe);
}

/** The code of a refused call, as `queryFulfilled` rejects with it. */
const codeOf = (failure: unknown): string | undefined =>
  errorBodyOf((failure as { error?: { data?: unknown } } | null)?.error?.data)?.code;

/**
 * A comment shows at once, under my name as the cached `getMe` has it (the header's picture reads it whenever
 * the store exists), and the count moves; the server's comment (its id, linked mentions) replaces it, or it
 * leaves when the call fails. A refusal because comments were just turned off turns them off here too.
 */
export async function createCommentUpdate(
  request: { params: { id: string }; body: { text: string; parentId?: string | null } },
  lifecycle: Lifecycle<CommentView>,
): Promise<void> {
  const postId = request.params.id;
  const me = usersApi.endpoints.getMe.select()(lifecycle.getState() as never).data;
  const id = pendingCommentId(lifecycle.requestId);
  const shown = me
    ? patchComments(lifecycle, postId, (draft) => {
        const author = {
          id: me.id,
          username: me.username,
          displayName: me.displayName,
          profilePictureUri: me.profilePictureUri,
          country: me.country,
        };
        addComment(
          draft,
          pendingComment(id, postId, author, request.body.text, request.body.parentId ?? null, Date.now()),
        );
      })
    : [];
  tellPostsTheCount(lifecycle, postId);
  let comment: CommentView;
  try {
    ({ data: comment } = await lifecycle.queryFulfilled);
  } catch (failure) {
    // Taken out by its id rather than undone: other comments may have moved the list since.
    if (shown.length > 0) patchComments(lifecycle, postId, (draft) => removeComment(draft, id));
    if (codeOf(failure) === 'COMMENTS_OFF') patchComments(lifecycle, postId, (draft) => setCommentsOff(draft, true));
    tellPostsTheCount(lifecycle, postId);
    return;
  }
  // Shown while it was sent and gone since (its thread deleted meanwhile): it went with the thread.
  patchComments(lifecycle, postId, (draft) => {
    if (shown.length === 0) addComment(draft, comment);
    else replaceComment(draft, id, comment);
  });
  tellPostsTheCount(lifecycle, postId);
}

/** A deleted comment (with its replies) leaves every cached list at once, and comes back if the call fails. */
export async function deleteCommentUpdate(
  request: { params: { commentId: string } },
  lifecycle: MutationLifecycle<unknown>,
): Promise<void> {
  const postIds = new Set(
    cachedComments(lifecycle).flatMap(({ pages }) => {
      const postId = pages ? postOfComment(pages as CommentPages, request.params.commentId) : null;
      return postId ? [postId] : [];
    }),
  );
  const tellPosts = () => {
    for (const postId of postIds) tellPostsTheCount(lifecycle, postId);
  };
  const patches = patchComments(lifecycle, null, (draft) => removeComment(draft, request.params.commentId));
  tellPosts();
  await settled(
    lifecycle,
    () => undefined,
    () => {
      undoAll(patches);
      tellPosts();
    },
  );
}

/** The author's switch shows its new place at once and goes back if the call fails. */
export async function setPostCommentsUpdate(
  request: { params: { id: string }; body: { commentsOff: boolean } },
  lifecycle: MutationLifecycle<{ commentsOff: boolean }>,
): Promise<void> {
  const postId = request.params.id;
  const patches = patchComments(lifecycle, postId, (draft) => setCommentsOff(draft, request.body.commentsOff));
  await settled(
    lifecycle,
    (data) => patchComments(lifecycle, postId, (draft) => setCommentsOff(draft, data.commentsOff)),
    () => undoAll(patches),
  );
}
