import { contentApi } from '../api/content-api';
import { socialApi } from '../api/social-api';
import { usersApi } from '../api/users-api';
import { type Carrier, itemsOf, removeItems } from './carriers';
import { type FriendCarrier, requestApproved, requestNamed, requestRemoved, requestSent, unfriended } from './friends';
import { type MutationLifecycle, settled } from './lifecycle';
import { type PatchDispatch, patchQueries, undoAll } from './patch-queries';

type Lifecycle = MutationLifecycle<{ friendRequestId?: string; citizenId?: string }>;

/** Changes every cached profile that `matches`. */
const patchProfiles = (
  lifecycle: { getState(): unknown; dispatch: PatchDispatch },
  matches: (profile: FriendCarrier) => boolean,
  change: (profile: FriendCarrier) => void,
) =>
  patchQueries(usersApi, ['getProfile'], lifecycle.getState(), lifecycle.dispatch, (draft: Carrier<FriendCarrier>) => {
    for (const profile of itemsOf(draft)) if (matches(profile)) change(profile);
  });

const byCitizen = (citizenId: string) => (profile: FriendCarrier) => profile.id === citizenId;
const byRequest = (requestId: string) => (profile: FriendCarrier) => profile.friendRequestDetails?.id === requestId;

/** Friendship changes who may read whose private feed and the friend counts: fetch those again. */
const friendshipChanged = (dispatch: PatchDispatch, citizenId: string | undefined) => {
  if (!citizenId) return;
  dispatch(contentApi.util.invalidateTags([{ type: 'PrivateFeed', id: citizenId }]) as never);
  dispatch(
    socialApi.util.invalidateTags([
      { type: 'SocialOverview', id: citizenId },
      { type: 'SocialOverview', id: 'me' },
    ]) as never,
  );
};

/** Send a friend request: the profile shows it at once; the server then names it, so it can be cancelled. */
export async function sendFriendRequestUpdate(request: { params: { citizenId: string } }, lifecycle: Lifecycle) {
  const matches = byCitizen(request.params.citizenId);
  const patches = patchProfiles(lifecycle, matches, (profile) => requestSent(profile, Date.now()));
  await settled(
    lifecycle,
    ({ friendRequestId }) => {
      if (friendRequestId) patchProfiles(lifecycle, matches, (profile) => requestNamed(profile, friendRequestId));
    },
    () => undoAll(patches),
  );
}

/** A request answered (approved or declined) leaves the list of those waiting for my answer at once. */
const leaveInbox = (lifecycle: { getState(): unknown; dispatch: PatchDispatch }, requestId: string) =>
  patchQueries(
    usersApi,
    ['getIncomingFriendRequests'],
    lifecycle.getState(),
    lifecycle.dispatch,
    (draft: Carrier<{ id: string }>) => removeItems(draft, (request) => request.id === requestId),
  );

/** Cancel (mine) or decline (theirs): the request leaves the profile, and the list of requests to answer. */
export async function removeFriendRequestUpdate(request: { params: { id: string } }, lifecycle: Lifecycle) {
  const patches = [
    ...patchProfiles(lifecycle, byRequest(request.params.id), requestRemoved),
    ...leaveInbox(lifecycle, request.params.id),
  ];
  await settled(
    lifecycle,
    () => undefined,
    () => undoAll(patches),
  );
}

/** Approve: we are friends at once, and the request leaves the list of those to answer. */
export async function approveFriendRequestUpdate(request: { params: { id: string } }, lifecycle: Lifecycle) {
  const patches = [
    ...patchProfiles(lifecycle, byRequest(request.params.id), requestApproved),
    ...leaveInbox(lifecycle, request.params.id),
  ];
  await settled(
    lifecycle,
    ({ citizenId }) => friendshipChanged(lifecycle.dispatch, citizenId),
    () => undoAll(patches),
  );
}

/** Unfriend: `isFriends` false at once (docs/product.md §4). */
export async function unfriendUpdate(request: { params: { citizenId: string } }, lifecycle: Lifecycle) {
  const { citizenId } = request.params;
  const patches = patchProfiles(lifecycle, byCitizen(citizenId), unfriended);
  await settled(
    lifecycle,
    () => friendshipChanged(lifecycle.dispatch, citizenId),
    () => undoAll(patches),
  );
}
