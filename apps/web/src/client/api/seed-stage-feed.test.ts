import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { post } from '../testing/fixtures';
import { startRoutedServer } from '../testing/routed-server';
import type { SeenRequest } from '../testing/test-server';
import { contentApi } from './content-api';
import { seedStageFeed } from './seed-stage-feed';
import { usersMutations } from './users-mutations';

/*
 * A server-rendered first page of the stage, seeded into a real store against a real HTTP server: it is the
 * query's first page at once, the query then asks only for the pages after it, and likes patch it.
 */

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

const arg = { query: { country: 'GB' } };
const feed = contentApi.endpoints.getStageFeed;

function stageServer() {
  const firstPage = {
    data: [post(), post({ likesOverviewDetails: { likesCount: 3, liked: false } })],
    continuationToken: 'after-1',
  };
  const secondPage = { data: [post()], continuationToken: 'after-2' };
  const asked: SeenRequest[] = [];
  routed.setRoutes({
    'GET /api/content/v9/feed/eight-stage': (request) => {
      asked.push(request);
      return { status: 200, json: request.search.get('continuationToken') === 'after-1' ? secondPage : firstPage };
    },
  });
  return { firstPage, secondPage, asked };
}

describe('seedStageFeed', () => {
  it('makes the page the query’s first page before the dispatch returns', () => {
    const { firstPage } = stageServer();
    const store = routed.citizenStore();
    store.dispatch(seedStageFeed(arg, firstPage));
    const entry = feed.select(arg)(store.getState());
    expect(entry.data).toEqual({ pages: [firstPage], pageParams: [null] });
    expect(entry.isSuccess).toBe(true);
    expect(entry.isLoading).toBe(false);
  });

  it('leaves page one to the seed: a subscriber asks for nothing, the next page carries its token', async () => {
    const { firstPage, secondPage, asked } = stageServer();
    const store = routed.citizenStore();
    store.dispatch(seedStageFeed(arg, firstPage));
    const subscription = store.dispatch(feed.initiate(arg));
    await subscription;
    expect(asked).toHaveLength(0);
    await store.dispatch(feed.initiate(arg, { direction: 'forward' }));
    expect(asked.map((request) => request.search.get('continuationToken'))).toEqual(['after-1']);
    expect(feed.select(arg)(store.getState()).data?.pages).toEqual([firstPage, secondPage]);
    // A second seed (the page mounted again) keeps what the store has read since.
    store.dispatch(seedStageFeed(arg, { data: [post()], continuationToken: 'other' }));
    expect(feed.select(arg)(store.getState()).data?.pages).toEqual([firstPage, secondPage]);
    subscription.unsubscribe();
  });

  it('is what a like changes at once', async () => {
    const { firstPage } = stageServer();
    const target = firstPage.data[1] as (typeof firstPage.data)[number];
    const store = routed.citizenStore();
    store.dispatch(seedStageFeed(arg, firstPage));
    const likes = () => feed.select(arg)(store.getState()).data?.pages[0]?.data[1]?.likesOverviewDetails;
    await routed.whileHeld(
      `POST /api/users/influencers/me/liked-creators-content/${target.id}`,
      () => store.dispatch(usersMutations.endpoints.likePost.initiate({ params: { id: target.id } })),
      { status: 200, json: { contentId: target.id, likesOverviewDetails: { likesCount: 9, liked: true } } },
      () => expect(likes()).toEqual({ likesCount: 4, liked: true }),
    );
    expect(likes()).toEqual({ likesCount: 9, liked: true });
  });
});
