import type { LikesOverviewDetails, MyReportView, ReportReason } from '@civitas/contract';
import type { SessionIds } from './analytics/queue';
import { moderationApi } from './api/moderation-api';
import { usersApi } from './api/users-api';
import { usersMutations } from './api/users-mutations';
import { selectCanGoBack, wentBack } from './navigation-slice';
import type { RelationshipCall } from './optimistic/relationship';
import { logOut, prepareSession, renewCitizen } from './session-actions';
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

export const prepareTabSession = (renew: boolean): Promise<SessionIds | null> =>
  tabStore().dispatch(prepareSession(renew));

/** After the live notification stream was refused: whether the sign-in could be renewed (ADR 078). */
export const renewCitizenSession = (): Promise<boolean> => tabStore().dispatch(renewCitizen());

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

/** Follow or unfollow through the users slice (its optimistic patch of every cached copy included). */
export async function setFollowing(
  citizenId: string,
  following: boolean,
): Promise<{ ok: true } | { ok: false; error: unknown }> {
  const endpoint = following ? usersMutations.endpoints.follow : usersMutations.endpoints.unfollow;
  const outcome = await tabStore().dispatch(endpoint.initiate({ params: { citizenId } }));
  return outcome.error ? { ok: false, error: outcome.error } : { ok: true };
}

/**
 * A follow or friendship change through the users slice (its optimistic patch of every cached copy of the
 * profile, and the refetches a friendship change needs, included). A request just sent comes back named.
 */
export async function changeRelationship(
  call: RelationshipCall,
): Promise<{ ok: true; friendRequestId?: string } | { ok: false; error: unknown }> {
  const { endpoints } = usersMutations;
  const { dispatch } = tabStore();
  const byCitizen = (citizenId: string) => ({ params: { citizenId } });
  const byRequest = (id: string) => ({ params: { id } });
  const outcome = await (() => {
    switch (call.kind) {
      case 'follow':
        return dispatch(endpoints.follow.initiate(byCitizen(call.citizenId)));
      case 'unfollow':
        return dispatch(endpoints.unfollow.initiate(byCitizen(call.citizenId)));
      case 'sendFriendRequest':
        return dispatch(endpoints.sendFriendRequest.initiate(byCitizen(call.citizenId)));
      case 'unfriend':
        return dispatch(endpoints.unfriend.initiate(byCitizen(call.citizenId)));
      case 'cancelFriendRequest':
        return dispatch(endpoints.cancelFriendRequest.initiate(byRequest(call.requestId)));
      case 'declineFriendRequest':
        return dispatch(endpoints.declineFriendRequest.initiate(byRequest(call.requestId)));
      case 'approveFriendRequest':
        return dispatch(endpoints.approveFriendRequest.initiate(byRequest(call.requestId)));
    }
  })();
  if (outcome.error) return { ok: false, error: outcome.error };
  const data = outcome.data as { friendRequestId?: string } | undefined;
  return data?.friendRequestId ? { ok: true, friendRequestId: data.friendRequestId } : { ok: true };
}

type Outcome = { ok: true } | { ok: false; error: unknown };

/** Block or unblock, mute or unmute a citizen through the users slice (ADR 069): the caches it touches follow. */
export async function setSafety(call: 'block' | 'unblock' | 'mute' | 'unmute', citizenId: string): Promise<Outcome> {
  const { endpoints } = usersMutations;
  const { dispatch } = tabStore();
  const request = { params: { citizenId } };
  const outcome = await (() => {
    switch (call) {
      case 'block':
        return dispatch(endpoints.block.initiate(request));
      case 'unblock':
        return dispatch(endpoints.unblock.initiate(request));
      case 'mute':
        return dispatch(endpoints.mute.initiate(request));
      case 'unmute':
        return dispatch(endpoints.unmute.initiate(request));
    }
  })();
  return outcome.error ? { ok: false, error: outcome.error } : { ok: true };
}

/** Reports a post or a citizen to the moderators (ADR 070); my reports are read again where they show. */
export async function sendReport(
  subject: MyReportView['subject'],
  reason: ReportReason,
  note: string,
): Promise<Outcome> {
  const outcome = await tabStore().dispatch(
    moderationApi.endpoints.createReport.initiate({ body: { subject, reason, note } }),
  );
  return outcome.error ? { ok: false, error: outcome.error } : { ok: true };
}
