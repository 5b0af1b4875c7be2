import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentApi } from '../api/content-api';
import { graphsApi } from '../api/graphs-api';
import { socialApi } from '../api/social-api';
import { usersMutations } from '../api/users-mutations';
import { person, post, suggested, uuid } from '../testing/fixtures';
import { serverFailure, startRoutedServer } from '../testing/routed-server';

/* Removals and edits of cached lists, against a real store and a real HTTP server (see optimistic-flow). */

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

describe('dismiss a suggestion', () => {
  async function seeded() {
    const gone = suggested();
    const kept = suggested();
    const profileId = uuid();
    routed.setRoutes({
      'GET /api/social/v1/citizens/me/suggested-creators': () => ({
        status: 200,
        json: { data: [gone, kept], continuationToken: null },
      }),
      'GET /api/social/v1/citizens/me/relevant-creators': () => ({
        status: 200,
        json: { data: [person({ id: gone.citizenId }), person({ id: kept.citizenId })] },
      }),
      [`GET /api/graphs/influencers/profile-relevant-creators/${profileId}`]: () => ({
        status: 200,
        json: { data: [person({ id: gone.citizenId })], total: 1 },
      }),
    });
    const store = routed.citizenStore();
    await store.dispatch(socialApi.endpoints.getSuggestedCreators.initiate({ query: {} }));
    await store.dispatch(socialApi.endpoints.getMyRelevantCreators.initiate());
    await store.dispatch(graphsApi.endpoints.getProfileRelevantCreators.initiate({ params: { citizenId: profileId } }));
    const shownIds = () => {
      const state = store.getState();
      return {
        suggested: socialApi.endpoints.getSuggestedCreators
          .select({ query: {} })(state)
          .data?.pages.flatMap((page) => page.data.map((item) => item.citizenId)),
        relevant: socialApi.endpoints.getMyRelevantCreators
          .select()(state)
          .data?.data.map((item) => item.id),
        profileRelevant: graphsApi.endpoints.getProfileRelevantCreators
          .select({ params: { citizenId: profileId } })(state)
          .data?.pages.flatMap((page) => page.data.map((item) => item.id)),
      };
    };
    const dismiss = () =>
      store.dispatch(
        usersMutations.endpoints.dismissSuggestion.initiate({ body: { suggestedProfileId: gone.citizenId } }),
      );
    return { gone, kept, shownIds, dismiss };
  }
  const route = 'POST /api/users/influencers/me/dismiss-relevant-profile-suggestion';

  it('removes the person from every list at once and restores them when the call fails', async () => {
    const { gone, kept, shownIds, dismiss } = await seeded();
    const before = shownIds();
    expect(before).toEqual({
      suggested: [gone.citizenId, kept.citizenId],
      relevant: [gone.citizenId, kept.citizenId],
      profileRelevant: [gone.citizenId],
    });
    await routed.whileHeld(route, dismiss, serverFailure, () =>
      expect(shownIds()).toEqual({ suggested: [kept.citizenId], relevant: [kept.citizenId], profileRelevant: [] }),
    );
    expect(shownIds()).toEqual(before);
  });

  it('keeps the person out when the call succeeds', async () => {
    const { kept, shownIds, dismiss } = await seeded();
    await routed.whileHeld(route, dismiss, { status: 204 }, () => undefined);
    expect(shownIds()).toEqual({ suggested: [kept.citizenId], relevant: [kept.citizenId], profileRelevant: [] });
  });
});

describe('delete a post', () => {
  it('leaves every cached list at once, the stage included, and comes back when the call fails', async () => {
    const [gone, kept] = [post(), post()];
    const page = () => ({ status: 200, json: { data: [gone, kept], continuationToken: null } });
    routed.setRoutes({
      'GET /api/content/v2/feed/profile/public': page,
      'GET /api/content/v9/feed/eight-stage': page,
    });
    const store = routed.citizenStore();
    await store.dispatch(contentApi.endpoints.getMyPublicFeed.initiate({ query: {} }));
    await store.dispatch(contentApi.endpoints.getStageFeed.initiate({ query: { country: 'GB' } }));
    const idsOf = (data: { pages: { data: { id: string }[] }[] } | undefined) =>
      data?.pages.flatMap((page) => page.data.map((item) => item.id));
    const shownIds = () => {
      const state = store.getState();
      const mine = idsOf(contentApi.endpoints.getMyPublicFeed.select({ query: {} })(state).data);
      const stage = idsOf(contentApi.endpoints.getStageFeed.select({ query: { country: 'GB' } })(state).data);
      expect(stage).toEqual(mine);
      return mine;
    };
    const remove = () => store.dispatch(usersMutations.endpoints.deletePost.initiate({ params: { id: gone.id } }));
    const route = `DELETE /api/users/creators-content/${gone.id}`;

    await routed.whileHeld(route, remove, serverFailure, () => expect(shownIds()).toEqual([kept.id]));
    expect(shownIds()).toEqual([gone.id, kept.id]);

    await routed.whileHeld(route, remove, { status: 204 }, () => undefined);
    expect(shownIds()).toEqual([kept.id]);
  });
});

describe('edit a caption', () => {
  it('shows the new text at once, then the server’s resolved caption; a failure restores the old one', async () => {
    const original = post({ caption: { content: 'old', mentions: [] } });
    routed.setRoutes({
      [`GET /api/content/v1/creators-content/${original.id}`]: () => ({ status: 200, json: original }),
    });
    const store = routed.citizenStore();
    await store.dispatch(contentApi.endpoints.getPost.initiate({ params: { id: original.id } }));
    const shown = () => contentApi.endpoints.getPost.select({ params: { id: original.id } })(store.getState()).data;
    const edit = () =>
      store.dispatch(
        usersMutations.endpoints.updateCaption.initiate({ params: { id: original.id }, body: { caption: 'new #sun' } }),
      );
    const route = `POST /api/users/creators-content/${original.id}/caption`;

    await routed.whileHeld(route, edit, serverFailure, () => expect(shown()?.caption.content).toBe('new #sun'));
    expect(shown()?.caption.content).toBe('old');

    const answer = { caption: { content: 'new #sun', mentions: [] }, mentionRequest: [], hashtags: ['sun'] };
    await routed.whileHeld(route, edit, { status: 200, json: answer }, () => undefined);
    expect(shown()).toMatchObject({ caption: answer.caption, hashtags: ['sun'] });
  });
});
