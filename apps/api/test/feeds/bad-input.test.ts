import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { befriend, feeds, getPage, like, stageAt, withPaging } from '../support/feeds.js';
import type { Citizen, Who } from '../support/harness.js';
import { createTestApp, guest, machine, type TestApp } from '../support/harness.js';

let t: TestApp;
let author: Citizen;
let other: Citizen;

beforeAll(async () => {
  t = await createTestApp();
  author = await t.newCitizen();
  other = await t.newCitizen();
  await befriend(t, author.id, other.id);
  for (const sharing of ['public', 'private', 'public', 'private'] as const) {
    const id = await t.newPost({ authorId: author.id, sharing });
    const otherId = await t.newPost({ authorId: other.id, sharing });
    if (sharing === 'public') {
      await stageAt(t, id, 'NZ', Date.now() - 1000);
      await stageAt(t, id, 'JP', Date.now() - 1000);
      await like(t, id, author.id, Date.now());
      await like(t, otherId, other.id, Date.now());
    }
  }
});
afterAll(() => t.close());

/** Every feed with a caller allowed to read it and a non-empty first page of at least two posts. */
const allFeeds = (): { name: string; url: string; as: Who }[] => [
  { name: 'stage', url: feeds.stage({ country: 'NZ' }), as: guest },
  { name: 'shared profile', url: feeds.sharedProfile(author.username), as: machine('content') },
  { name: 'private profile', url: feeds.privateProfile(author.id), as: other },
  { name: 'my public', url: feeds.myPublic(), as: author },
  { name: 'my private', url: feeds.myPrivate(), as: author },
  { name: 'shared loved', url: feeds.sharedLoved(author.id), as: machine('content') },
  { name: 'loved', url: feeds.loved(author.id), as: other },
];

const expect400 = async (url: string, as: Who, code: string, path?: string) => {
  const res = await t.request({ method: 'GET', url, as });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  const body = res.json();
  expect(body.code).toBe(code);
  expect(body.message.length).toBeGreaterThan(10);
  if (path) expect(body.details.map((d: { path: string }) => d.path)).toContain(path);
};

describe('feed input validation', () => {
  it('refuses a size of 0, 100 or abc on every feed, and accepts 1 and 50', async () => {
    for (const feed of allFeeds()) {
      for (const size of ['0', '100', 'abc', '2.5']) {
        await expect400(
          `${feed.url}${feed.url.includes('?') ? '&' : '?'}size=${size}`,
          feed.as,
          'VALIDATION_FAILED',
          'querystring.size',
        );
      }
      expect((await getPage(t, withPaging(feed.url, { size: 1 }), feed.as)).data).toHaveLength(1);
      expect((await getPage(t, withPaging(feed.url, { size: 50 }), feed.as)).data.length).toBeGreaterThan(1);
    }
  });

  it('refuses a bad country or timestamp on the stage', async () => {
    for (const country of ['GBR', 'G', '12', 'g1']) {
      await expect400(feeds.stage({ country }), guest, 'VALIDATION_FAILED', 'querystring.country');
    }
    for (const timestamp of ['yesterday', '-5', '2024-13-45T00:00:00Z', '1e12', '9999999999999999']) {
      await expect400(feeds.stage({ country: 'NZ', timestamp }), guest, 'VALIDATION_FAILED', 'querystring.timestamp');
    }
  });

  it('says which query parameter was given more than once, and to give it once', async () => {
    const stage = '/api/content/v9/feed/eight-stage';
    const repeated = [
      [`${stage}?country=NZ&country=JP`, 'querystring.country', 2],
      [`${stage}?country=NZ&timestamp=1&timestamp=2&timestamp=3`, 'querystring.timestamp', 3],
      [`${stage}?country=NZ&size=1&size=2`, 'querystring.size', 2],
    ] as const;
    for (const [url, path, times] of repeated) {
      const res = await t.request({ method: 'GET', url, as: guest });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toEqual([{ path, message: `is given ${times} times; give it once` }]);
      expect(body.message).toBe(`Invalid request: ${path} is given ${times} times; give it once`);
    }
    // Given once with a bad value, the parameter keeps its own message.
    const once = await t.request({ method: 'GET', url: `${stage}?country=NZ&size=abc`, as: guest });
    expect(once.json().details).toEqual([{ path: 'querystring.size', message: 'size must be a whole number' }]);
  });

  it('refuses malformed ids and usernames in the path', async () => {
    await expect400(feeds.privateProfile('not-a-uuid'), other, 'VALIDATION_FAILED', 'params.citizenId');
    await expect400(feeds.loved('123'), other, 'VALIDATION_FAILED', 'params.influencerId');
    await expect400(feeds.sharedLoved('x'.repeat(36)), machine('content'), 'VALIDATION_FAILED', 'params.influencerId');
    await expect400(feeds.sharedProfile('no'), machine('content'), 'VALIDATION_FAILED', 'params.username');
    await expect400(feeds.sharedProfile('bad%20name'), machine('content'), 'VALIDATION_FAILED', 'params.username');
  });

  it('refuses garbage, tampered and over-long continuation tokens on every feed', async () => {
    for (const feed of allFeeds()) {
      const token = (await getPage(t, withPaging(feed.url, { size: 1 }), feed.as)).continuationToken as string;
      const [payload, signature] = token.split('.') as [string, string];
      const cursor = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const edited = Buffer.from(JSON.stringify({ ...cursor, snapshot: 1, key: cursor.key })).toString('base64url');
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      const bad = ['garbage', `${edited}.${signature}`, `${payload}.${flipped}`, `${payload}.`, `${token}.x`, payload];
      for (const continuationToken of bad) {
        await expect400(withPaging(feed.url, { continuationToken }), feed.as, 'INVALID_CONTINUATION_TOKEN');
      }
      await expect400(withPaging(feed.url, { continuationToken: 'a'.repeat(600) }), feed.as, 'VALIDATION_FAILED');
    }
  });

  it('refuses a token issued by another feed, or by the same feed for another subject', async () => {
    const tokens = await Promise.all(
      allFeeds().map(async (feed) => (await getPage(t, withPaging(feed.url, { size: 1 }), feed.as)).continuationToken),
    );
    const feedList = allFeeds();
    for (const [i, feed] of feedList.entries()) {
      for (const [j, token] of tokens.entries()) {
        // The two loved-posts calls read one feed (a server-rendered page continues in the browser).
        const sameFeed = i === j || (feedList[i]?.name.includes('loved') && feedList[j]?.name.includes('loved'));
        if (sameFeed || !token) continue;
        await expect400(withPaging(feed.url, { continuationToken: token }), feed.as, 'INVALID_CONTINUATION_TOKEN');
      }
    }
    const stageNz = (await getPage(t, feeds.stage({ country: 'NZ', size: 1 }), guest)).continuationToken as string;
    await expect400(
      withPaging(feeds.stage({ country: 'JP' }), { continuationToken: stageNz }),
      guest,
      'INVALID_CONTINUATION_TOKEN',
    );
    const mine = (await getPage(t, withPaging(feeds.myPublic(), { size: 1 }), author)).continuationToken as string;
    await expect400(withPaging(feeds.myPublic(), { continuationToken: mine }), other, 'INVALID_CONTINUATION_TOKEN');
    const loved = (await getPage(t, withPaging(feeds.loved(author.id), { size: 1 }), other))
      .continuationToken as string;
    await expect400(
      withPaging(feeds.loved(other.id), { continuationToken: loved }),
      other,
      'INVALID_CONTINUATION_TOKEN',
    );
  });

  it('continues a loved-posts page from the machine call on the citizen call', async () => {
    const first = await getPage(t, withPaging(feeds.sharedLoved(author.id), { size: 1 }), machine('content'));
    const url = withPaging(feeds.loved(author.id), { size: 1, continuationToken: first.continuationToken });
    const second = await getPage(t, url, other);
    expect(second.data).toHaveLength(1);
    expect(second.data[0]?.id).not.toBe(first.data[0]?.id);
  });

  it('refuses an unknown X-API-Version and accepts the listed one', async () => {
    for (const feed of allFeeds()) {
      const res = await t.request({ method: 'GET', url: feed.url, as: feed.as, headers: { 'x-api-version': '9.9' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UNSUPPORTED_API_VERSION');
      const ok = await t.request({ method: 'GET', url: feed.url, as: feed.as, headers: { 'x-api-version': '1.0' } });
      expect(ok.statusCode).toBe(200);
    }
  });
});
