import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contentApi } from '../api/content-api';
import { socialApi } from '../api/social-api';
import { usersApi } from '../api/users-api';
import { usersMutations } from '../api/users-mutations';
import { post, profile, socialOverview, uuid } from '../testing/fixtures';
import { serverFailure, startRoutedServer } from '../testing/routed-server';

/*
 * The whole optimistic cycle against a real store and a real HTTP server: the cached data changes as soon as
 * the call starts (while the server holds its answer), and is taken back when the server answers 500.
 */

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

const failure = serverFailure;
const newStore = () => routed.citizenStore();
const whileHeld: (typeof routed)['whileHeld'] = (...args) => routed.whileHeld(...args);

describe('like and unlike', () => {
  const liked = (target: ReturnType<typeof post>) => ({
    contentId: target.id,
    likesOverviewDetails: { likesCount: 10, liked: true },
  });

  async function seeded() {
    const target = post({ likesOverviewDetails: { likesCount: 3, liked: false } });
    routed.setRoutes({
      [`GET /api/content/v1/creators-content/${target.id}`]: () => ({ status: 200, json: target }),
      'GET /api/content/v9/feed/eight-stage': () => ({
        status: 200,
        json: { data: [post(), target], continuationToken: null },
      }),
      [`GET /api/social/feeds/${target.id}/overview`]: () => ({
        status: 200,
        json: { contentId: target.id, likesOverviewDetails: target.likesOverviewDetails, commentsCount: 0 },
      }),
    });
    const store = newStore();
    await store.dispatch(contentApi.endpoints.getPost.initiate({ params: { id: target.id } }));
    await store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'GB' } }));
    await store.dispatch(socialApi.endpoints.getPostOverview.initiate({ params: { id: target.id } }));
    const likes = () => {
      const state = store.getState();
      return [
        contentApi.endpoints.getPost.select({ params: { id: target.id } })(state).data?.likesOverviewDetails,
        contentApi.endpoints.getStageFeed.select({ query: { country: 'GB' } })(state).data?.pages[0]?.data[1]
          ?.likesOverviewDetails,
        socialApi.endpoints.getPostOverview.select({ params: { id: target.id } })(state).data?.likesOverviewDetails,
      ];
    };
    return { store, target, likes };
  }

  it('shows the like at once everywhere and takes it back when the call fails', async () => {
    const { store, target, likes } = await seeded();
    const result = await whileHeld(
      `POST /api/users/influencers/me/liked-creators-content/${target.id}`,
      () => store.dispatch(usersMutations.endpoints.likePost.initiate({ params: { id: target.id } })),
      failure,
      () => expect(likes()).toEqual(Array(3).fill({ likesCount: 4, liked: true })),
    );
    expect(result.error).toMatchObject({ status: 500 });
    expect(likes()).toEqual(Array(3).fill({ likesCount: 3, liked: false }));
  });

  it("keeps the like when the call succeeds, with the server's exact count", async () => {
    const { store, target, likes } = await seeded();
    await whileHeld(
      `POST /api/users/influencers/me/liked-creators-content/${target.id}`,
      () => store.dispatch(usersMutations.endpoints.likePost.initiate({ params: { id: target.id } })),
      { status: 200, json: liked(target) },
      () => undefined,
    );
    expect(likes()).toEqual(Array(3).fill({ likesCount: 10, liked: true }));
  });

  it('has my loved posts asked for again once a like is taken, not when it failed', async () => {
    const { store, target } = await seeded();
    const me = uuid();
    let asked = 0;
    routed.setRoutes({
      [`GET /api/content/v1/feed/loved-public-posts/${me}`]: () => {
        asked += 1;
        return { status: 200, json: { data: asked > 1 ? [target] : [], continuationToken: null } };
      },
    });
    const loved = store.dispatch(contentApi.endpoints.getLovedPosts.initiate({ params: { influencerId: me } }));
    await loved;
    const like = () => store.dispatch(usersMutations.endpoints.likePost.initiate({ params: { id: target.id } }));
    const route = `POST /api/users/influencers/me/liked-creators-content/${target.id}`;
    await whileHeld(route, like, failure, () => undefined);
    expect(asked).toBe(1);
    await whileHeld(route, like, { status: 200, json: liked(target) }, () => undefined);
    await vi.waitFor(() => expect(asked).toBe(2));
    await vi.waitFor(() =>
      expect(
        contentApi.endpoints.getLovedPosts
          .select({ params: { influencerId: me } })(store.getState())
          .data?.pages[0]?.data.map((item) => item.id),
      ).toEqual([target.id]),
    );
    loved.unsubscribe();
  });
});

describe('follow', () => {
  it('sets amIFollowing and my following count at once, and takes both back on failure', async () => {
    const bob = profile({ username: 'bob', amIFollowing: false, followersCount: 5 });
    const myId = uuid();
    routed.setRoutes({
      'GET /api/users/influencers/profile/bob': () => ({ status: 200, json: bob }),
      'GET /api/social/v2/influencers/me/social-overview': () => ({ status: 200, json: socialOverview(myId, 0) }),
    });
    const store = newStore();
    await store.dispatch(usersApi.endpoints.getProfile.initiate({ params: { username: 'bob' } }));
    await store.dispatch(socialApi.endpoints.getMySocialOverview.initiate());
    const seen = () => {
      const state = store.getState();
      const shown = usersApi.endpoints.getProfile.select({ params: { username: 'bob' } })(state).data;
      const mine = socialApi.endpoints.getMySocialOverview.select()(state).data;
      return {
        amIFollowing: shown?.amIFollowing,
        followersCount: shown?.followersCount,
        myFollowing: mine?.followingCount,
      };
    };
    await whileHeld(
      `POST /api/users/influencers/me/follow/${bob.id}`,
      () => store.dispatch(usersMutations.endpoints.follow.initiate({ params: { citizenId: bob.id } })),
      failure,
      () => expect(seen()).toEqual({ amIFollowing: true, followersCount: 6, myFollowing: 1 }),
    );
    expect(seen()).toEqual({ amIFollowing: false, followersCount: 5, myFollowing: 0 });

    await whileHeld(
      `POST /api/users/influencers/me/follow/${bob.id}`,
      () => store.dispatch(usersMutations.endpoints.follow.initiate({ params: { citizenId: bob.id } })),
      { status: 200, json: { citizenId: bob.id, amIFollowing: true, followingCount: 12 } },
      () => undefined,
    );
    expect(seen()).toEqual({ amIFollowing: true, followersCount: 6, myFollowing: 12 });
  });
});

describe('friends', () => {
  it('a sent request shows at once, is named by the server, and an approval that fails is taken back', async () => {
    const bob = profile({ username: 'bob' });
    routed.setRoutes({ 'GET /api/users/influencers/profile/bob': () => ({ status: 200, json: bob }) });
    const store = newStore();
    await store.dispatch(usersApi.endpoints.getProfile.initiate({ params: { username: 'bob' } }));
    const shown = () => usersApi.endpoints.getProfile.select({ params: { username: 'bob' } })(store.getState()).data;
    const requestId = uuid();
    await whileHeld(
      `POST /api/users/influencers/me/friend-request/${bob.id}`,
      () => store.dispatch(usersMutations.endpoints.sendFriendRequest.initiate({ params: { citizenId: bob.id } })),
      { status: 201, json: { friendRequestId: requestId } },
      () =>
        expect(shown()?.friendRequestDetails).toMatchObject({
          id: 'pending',
          isOutFriendRequest: true,
          status: 'requested',
        }),
    );
    expect(shown()?.friendRequestDetails?.id).toBe(requestId);

    await whileHeld(
      `POST /api/users/influencers/me/approve-friend-request/${requestId}`,
      () => store.dispatch(usersMutations.endpoints.approveFriendRequest.initiate({ params: { id: requestId } })),
      failure,
      () => expect(shown()).toMatchObject({ isFriends: true, friendRequestDetails: null }),
    );
    expect(shown()).toMatchObject({ isFriends: false, friendRequestDetails: { id: requestId } });
  });

  it('unfriend sets isFriends false at once and back on failure', async () => {
    const bob = profile({ username: 'bob', isFriends: true, friendsCount: 3 });
    routed.setRoutes({ 'GET /api/users/influencers/profile/bob': () => ({ status: 200, json: bob }) });
    const store = newStore();
    await store.dispatch(usersApi.endpoints.getProfile.initiate({ params: { username: 'bob' } }));
    const shown = () => usersApi.endpoints.getProfile.select({ params: { username: 'bob' } })(store.getState()).data;
    await whileHeld(
      `POST /api/users/influencers/me/unfriend/${bob.id}`,
      () => store.dispatch(usersMutations.endpoints.unfriend.initiate({ params: { citizenId: bob.id } })),
      failure,
      () => expect(shown()).toMatchObject({ isFriends: false, friendsCount: 2 }),
    );
    expect(shown()).toMatchObject({ isFriends: true, friendsCount: 3 });
  });
});
