import type { LikesOverviewDetails } from '@civitas/contract';
import { usersApi } from './api/users-api';
import { usersMutations } from './api/users-mutations';
import { selectCanGoBack, wentBack } from './navigation-slice';
import { logOut, prepareSession } from './session-actions';
import { tabStore } from './tab-store';

/*
 * What islands do with the store, loaded on their first need (lazy-store.ts): the store, Redux Toolkit and the
 * API slices come in this module's chunk, never in a page's first load.
 */

export { tabStore };

/** Like or unlike through the users slice (its optimistic patch of every cached copy included). */
export async function setLiked(
  postId: string,
  liked: boolean,
): Promise<{ ok: true; likes: LikesOverviewDetails | null } | { ok: false; error: unknown }> {
  const endpoint = liked ? usersMutations.endpoints.likePost : usersMutations.endpoints.unlikePost;
  const outcome = await tabStore().dispatch(endpoint.initiate({ params: { id: postId } }));
  if (outcome.error) return { ok: false, error: outcome.error };
  return { ok: true, likes: outcome.data?.likesOverviewDetails ?? null };
}

/** Whether the history holds a page of this site behind the current one; if so, it is popped. */
export function takeStepBack(): boolean {
  const store = tabStore();
  if (!selectCanGoBack(store.getState())) return false;
  store.dispatch(wentBack());
  return true;
}

export const prepareTabSession = (renew: boolean): Promise<boolean> => tabStore().dispatch(prepareSession(renew));

export const logOutOfTab = (navigate: (path: string) => void) => tabStore().dispatch(logOut(navigate));

/**
 * Keeps `onChange` told of my profile picture (the cached `getMe` answer), reading it once; the returned
 * function lets the read go.
 */
export function watchMyPicture(onChange: (uri: string | null) => void): () => void {
  const store = tabStore();
  const subscription = store.dispatch(usersApi.endpoints.getMe.initiate());
  const select = usersApi.endpoints.getMe.select();
  const read = () => {
    const me = select(store.getState()).data;
    if (me) onChange(me.profilePictureUri ?? null);
  };
  read();
  const unsubscribe = store.subscribe(read);
  return () => {
    unsubscribe();
    subscription.unsubscribe();
  };
}
