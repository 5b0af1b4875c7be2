import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mergePages } from '../behaviour/paging';
import { person, post, uuid } from '../testing/fixtures';
import { startRoutedServer } from '../testing/routed-server';
import { contentApi } from './content-api';
import { graphsApi } from './graphs-api';

let routed: Awaited<ReturnType<typeof startRoutedServer>>;
beforeAll(async () => {
  routed = await startRoutedServer();
});
afterAll(() => routed.server.close());

describe('infinite queries over the contract’s paging', () => {
  it('continuation: passes each token on and stops at the empty page', async () => {
    const [a, b] = [post(), post()];
    const pages: Record<string, { data: unknown[]; continuationToken: string | null }> = {
      '': { data: [a], continuationToken: 't1' },
      t1: { data: [a, b], continuationToken: 't2' },
      t2: { data: [], continuationToken: 't3' },
    };
    routed.setRoutes({
      'GET /api/content/v9/feed/eight-stage': (request) => ({
        status: 200,
        json: pages[request.search.get('continuationToken') ?? ''],
      }),
    });
    const store = routed.citizenStore();
    const arg = { query: { country: 'GB', timestamp: '1735689600000' } };
    const feed = contentApi.endpoints.getStageFeed;
    await store.dispatch(feed.initiate(arg));
    expect(feed.select(arg)(store.getState()).hasNextPage).toBe(true);
    await store.dispatch(feed.initiate(arg, { direction: 'forward' }));
    await store.dispatch(feed.initiate(arg, { direction: 'forward' }));
    const state = feed.select(arg)(store.getState());
    expect(state.hasNextPage).toBe(false);
    expect(state.data?.pageParams).toEqual([null, 't1', 't2']);
    expect(mergePages(state.data?.pages ?? [], (item) => item.id).map((item) => item.id)).toEqual([a.id, b.id]);
    const sent = routed.server.seen.filter((request) => request.path === '/api/content/v9/feed/eight-stage');
    expect(sent.map((request) => request.search.get('timestamp'))).toEqual(Array(3).fill('1735689600000'));
    expect(sent.map((request) => request.search.get('country'))).toEqual(['GB', 'GB', 'GB']);
  });

  it('continuation: a null token ends paging', async () => {
    routed.setRoutes({
      'GET /api/content/v2/feed/profile/public': () => ({
        status: 200,
        json: { data: [post()], continuationToken: null },
      }),
    });
    const store = routed.citizenStore();
    await store.dispatch(contentApi.endpoints.getMyPublicFeed.initiate({}));
    expect(contentApi.endpoints.getMyPublicFeed.select({})(store.getState()).hasNextPage).toBe(false);
  });

  // docs/product.md §9: offset paging ends on the page that reaches the server's total, or on an empty page.
  const pageThrough = async (total: number, rows: number) => {
    const citizenId = uuid();
    const route = `GET /api/graphs/influencers/mutual-following-connections/${citizenId}`;
    routed.setRoutes({
      [route]: (request) => ({
        status: 200,
        json: { data: Number(request.search.get('offset')) < rows ? [person(), person()] : [], total },
      }),
    });
    const store = routed.citizenStore();
    const arg = { params: { citizenId }, query: { limit: 2 } };
    const list = graphsApi.endpoints.getMutualConnections;
    await store.dispatch(list.initiate(arg));
    while (list.select(arg)(store.getState()).hasNextPage) {
      await store.dispatch(list.initiate(arg, { direction: 'forward' }));
    }
    const sent = routed.server.seen.filter((request) => `${request.method} ${request.path}` === route);
    return sent.map((request) => [request.search.get('offset'), request.search.get('limit')]);
  };

  it('offset: each next offset adds the limit, and the page that reaches the total ends paging', async () => {
    expect(await pageThrough(4, 4)).toEqual([
      ['0', '2'],
      ['2', '2'],
    ]);
  });

  it('offset: an empty page ends paging when the total promised more', async () => {
    expect(await pageThrough(10, 4)).toEqual([
      ['0', '2'],
      ['2', '2'],
      ['4', '2'],
    ]);
  });

  it('offset: the schema’s default limit applies when none is asked for', async () => {
    const citizenId = uuid();
    const route = `GET /api/graphs/influencers/profile-relevant-citizens/${citizenId}`;
    routed.setRoutes({ [route]: () => ({ status: 200, json: { data: [person()], total: 30 } }) });
    const store = routed.citizenStore();
    const arg = { params: { citizenId } };
    await store.dispatch(graphsApi.endpoints.getProfileRelevantCitizens.initiate(arg));
    await store.dispatch(graphsApi.endpoints.getProfileRelevantCitizens.initiate(arg, { direction: 'forward' }));
    const offsets = routed.server.seen
      .filter((request) => `${request.method} ${request.path}` === route)
      .map((request) => request.search.get('offset'));
    expect(offsets).toEqual(['0', '20']);
  });
});
