import { graphsApi, peopleQueries } from '../api/graphs-api';
import { socialApi, socialPeopleQueries, suggestionQueries } from '../api/social-api';
import { myProfileQueries, usersApi } from '../api/users-api';
import type { Carrier } from './carriers';
import {
  adjustMyFollowingCount,
  type FollowCarrier,
  type MyCounts,
  setFollowing,
  setMyFollowingCount,
} from './follows';
import { type MutationLifecycle, settled } from './lifecycle';
import { patchQueries, undoAll } from './patch-queries';

const myCountQueries = ['getMySocialOverview'] as const;

/** `onQueryStarted` of follow (true) and unfollow (false): the person everywhere, then my own count. */
export const followUpdate =
  (following: boolean) =>
  async (
    request: { params: { citizenId: string } },
    lifecycle: MutationLifecycle<{ followingCount: number }>,
  ): Promise<void> => {
    const { citizenId } = request.params;
    const { dispatch } = lifecycle;
    let changed = false;
    const follow = (draft: Carrier<FollowCarrier>) => {
      if (setFollowing(draft, citizenId, following)) changed = true;
    };
    const patches = [
      ...patchQueries(usersApi, ['getProfile'], lifecycle.getState(), dispatch, follow),
      ...patchQueries(socialApi, suggestionQueries, lifecycle.getState(), dispatch, follow),
      ...patchQueries(socialApi, socialPeopleQueries, lifecycle.getState(), dispatch, follow),
      ...patchQueries(graphsApi, peopleQueries, lifecycle.getState(), dispatch, follow),
    ];
    const myCounts = (recipe: (draft: MyCounts) => void) => [
      ...patchQueries(usersApi, myProfileQueries, lifecycle.getState(), dispatch, recipe),
      ...patchQueries(socialApi, myCountQueries, lifecycle.getState(), dispatch, recipe),
    ];
    // Already following (as far as the caches know): my count stays as it is.
    if (changed) patches.push(...myCounts((draft) => adjustMyFollowingCount(draft, following)));
    await settled(
      lifecycle,
      (data) => myCounts((draft) => setMyFollowingCount(draft, data.followingCount)),
      () => undoAll(patches),
    );
  };
