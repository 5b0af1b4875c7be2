import type { IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieNames } from '../../src/http/auth/cookies.js';
import { stageAt } from '../support/feeds.js';
import { guest, type TestApp } from '../support/harness.js';
import { type Answer, laneApp } from '../support/lane-app.js';

/**
 * The express lane (ADR 037) over real HTTP (the lane sits in front of the server's handler, which `inject`
 * skips): a guest's cached stage page answered before routing must be the answer the routes give, and whatever
 * the lane is not sure of must reach the routes. A hook of the routes counts what reached them.
 */
const start = (env: Record<string, string>) => laneApp({ env });

const stageOf = (query: string) => `/api/content/v9/feed/eight-stage?${query}`;

/** Headers that differ between any two answers: the date, and the budget left, which each request spends. */
const comparable = ({ date, 'ratelimit-remaining': _left, ...rest }: IncomingHttpHeaders) => rest;

async function stageSome(t: TestApp, country: string): Promise<string[]> {
  const author = await t.newCitizen({ country });
  const posts: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const post = await t.newPost({ authorId: author.id });
    await stageAt(t, post, country, Date.now() - 1000 - i);
    posts.push(post);
  }
  return posts;
}

/** A stage page's posts with the reader's likes, from an answer gzipped or plain. */
const likesIn = (answer: Answer): Record<string, { likesCount: number; liked: boolean }> => {
  const text = (answer.headers['content-encoding'] === 'gzip' ? gunzipSync(answer.body) : answer.body).toString();
  const page = JSON.parse(text) as {
    data: { id: string; likesOverviewDetails: { likesCount: number; liked: boolean } }[];
  };
  return Object.fromEntries(page.data.map((post) => [post.id, post.likesOverviewDetails]));
};

describe('the express lane', () => {
  let lane: Awaited<ReturnType<typeof start>>;
  let bearer: Record<string, string>;
  let staged: string[];
  beforeAll(async () => {
    lane = await start({});
    staged = await stageSome(lane.t, 'NZ');
    bearer = { authorization: `Bearer ${await lane.t.tokenFor(guest)}` };
  });
  afterAll(() => lane.t.close());

  it("answers a guest's cached stage page as the routes answer it, gzipped or plain", async () => {
    for (const encoding of [{ 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
      const headers = { ...bearer, ...encoding };
      lane.t.ctx.caches.guestStagePages.clear();
      const before = lane.routed();
      const routed = await lane.get(stageOf('country=NZ'), headers);
      expect(lane.routed()).toBe(before + 1);
      // The same page at another moment of the same stage (a timestamp per request, docs/product.md §7) and the default
      // country's spelling in lower case: the same key, so the same answer, and the routes see neither.
      const express = await lane.get(stageOf(`country=nz&timestamp=${Date.now()}`), headers);
      const again = await lane.get(stageOf('country=NZ'), headers);
      expect(lane.routed()).toBe(before + 1);

      for (const answer of [express, again]) {
        expect(answer.status).toBe(200);
        expect(answer.body.equals(routed.body)).toBe(true);
        expect(comparable(answer.headers)).toEqual(comparable(routed.headers));
      }
      expect(Number(express.headers['ratelimit-remaining'])).toBe(Number(routed.headers['ratelimit-remaining']) - 1);
      expect(routed.headers['content-encoding']).toBe('accept-encoding' in encoding ? 'gzip' : undefined);
      expect(routed.headers['content-security-policy']).toContain("default-src 'none'");
    }
  });

  it("answers a citizen's stage page from the page citizens share and their own live read, as the routes do", async () => {
    const [liked, other] = staged as [string, string];
    const as = async (who: 'alice' | 'bob') => ({ authorization: `Bearer ${await lane.t.tokenFor(who)}` });
    const alice = await as('alice');
    const bob = await as('bob');
    const like = await lane.t.request({
      method: 'POST',
      url: `/api/users/influencers/me/liked-creators-content/${liked}`,
      as: 'alice',
    });
    expect(like.statusCode).toBe(200);
    // Each token verified once by the routes: the lane takes only tokens this process knows.
    for (const headers of [alice, bob])
      expect((await lane.get(stageOf('country=NZ&size=4'), headers)).status).toBe(200);

    for (const encoding of [{ 'accept-encoding': 'gzip' }, {}] as Record<string, string>[]) {
      lane.t.ctx.caches.citizenStagePages.clear();
      const before = lane.routed();
      const routed = await lane.get(stageOf('country=NZ'), { ...alice, ...encoding });
      expect(lane.routed()).toBe(before + 1);
      const express = await lane.get(stageOf(`country=nz&timestamp=${Date.now()}`), { ...alice, ...encoding });
      const bobs = await lane.get(stageOf('country=NZ'), { ...bob, ...encoding });
      expect(lane.routed()).toBe(before + 1);

      expect(express.status).toBe(200);
      expect(express.body.equals(routed.body)).toBe(true);
      expect(comparable(express.headers)).toEqual(comparable(routed.headers));
      expect(routed.headers['content-encoding']).toBe('accept-encoding' in encoding ? 'gzip' : undefined);
      // The same shared page, each reader's own likes written in.
      expect(likesIn(express)[liked]).toEqual({ likesCount: 1, liked: true });
      expect(likesIn(bobs)[liked]).toEqual({ likesCount: 1, liked: false });
      expect(likesIn(bobs)[other]).toEqual({ likesCount: 0, liked: false });
    }

    // A like made since is read live, not from the shared page.
    const bobLikes = await lane.t.request({
      method: 'POST',
      url: `/api/users/influencers/me/liked-creators-content/${other}`,
      as: 'bob',
    });
    expect(bobLikes.statusCode).toBe(200);
    const before = lane.routed();
    expect(likesIn(await lane.get(stageOf('country=NZ'), bob))[other]).toEqual({ likesCount: 1, liked: true });
    expect(lane.routed()).toBe(before);
  });

  it("leaves a citizen's page to the routes when a post on the shared page changed since it was shared", async () => {
    const alice = { authorization: `Bearer ${await lane.t.tokenFor('alice')}` };
    expect((await lane.get(stageOf('country=NZ'), alice)).status).toBe(200); // the shared page is cached
    const hidden = staged.at(-1) as string;
    await lane.t.ctx.db.updateTable('posts').set({ sharing: 'private' }).where('id', '=', hidden).execute();
    try {
      const before = lane.routed();
      const answer = await lane.get(stageOf('country=NZ'), alice);
      expect(answer.status).toBe(200);
      expect(lane.routed()).toBe(before + 1);
      expect(Object.keys(likesIn(answer))).not.toContain(hidden);
    } finally {
      await lane.t.ctx.db.updateTable('posts').set({ sharing: 'public' }).where('id', '=', hidden).execute();
    }
  });

  it('answers a post as the citizen may see it, as the routes do, and leaves to them a post they may not see', async () => {
    const post = staged[0] as string;
    const postAt = (id: string) => `/api/content/v1/creators-content/${id}`;
    const alice = { authorization: `Bearer ${await lane.t.tokenFor('alice')}` };
    const stranger = await lane.t.newCitizen({ country: 'NZ' });
    const hidden = await lane.t.newPost({ authorId: stranger.id, sharing: 'private' });
    expect((await lane.get(stageOf('country=NZ'), alice)).status).toBe(200); // the token is known

    const like = `/api/users/influencers/me/liked-creators-content/${post}`;
    expect((await lane.t.request({ method: 'POST', url: like, as: 'alice' })).statusCode).toBe(200);
    const routed = await lane.t.request({ method: 'GET', url: postAt(post), as: 'alice' });
    const before = lane.routed();
    const express = await lane.get(postAt(post), alice);
    expect(lane.routed()).toBe(before);
    expect(express.status).toBe(200);
    expect(express.body.toString()).toBe(routed.body);
    expect(express.headers['content-type']).toBe(routed.headers['content-type']);
    expect(express.headers['content-security-policy']).toBe(routed.headers['content-security-policy']);
    // Alice's own view of the post (her like in it): kept by no cache, whichever way it was answered.
    expect([express.headers['cache-control'], routed.headers['cache-control']]).toEqual(['no-store', 'no-store']);
    expect(JSON.parse(express.body.toString())).toMatchObject({ id: post, likesOverviewDetails: { liked: true } });

    // A private post of someone who is not alice's friend: the lane's read fails, and the routes say 404, counted once.
    const spentBefore = Number(express.headers['ratelimit-remaining']);
    const notFound = await lane.get(postAt(hidden), alice);
    expect(notFound.status).toBe(404);
    expect(lane.routed()).toBe(before + 1);
    expect(Number(notFound.headers['ratelimit-remaining'])).toBe(spentBefore - 1);
    // What the lane cannot read as the routes would: an id that is not one, an encoded one, a longer path.
    for (const [path, status] of [
      [postAt('not-an-id'), 400],
      [postAt(encodeURIComponent(`${post}/`)), 400],
      [`${postAt(post)}/likes`, 404],
      [`${postAt(post)}/`, 404],
    ] as const) {
      const routedBefore = lane.routed();
      expect((await lane.get(path, alice)).status, path).toBe(status);
      expect(lane.routed(), path).toBe(routedBefore + 1);
    }
  });

  it('leaves to the routes what it is not sure of', async () => {
    await lane.get(stageOf('country=NZ'), bearer); // the page is cached
    const goesThrough = async (path: string, headers: Record<string, string>, status: number, method = 'GET') => {
      const before = lane.routed();
      const answer = await lane.get(path, headers, method);
      expect(answer.status, answer.body.toString()).toBe(status);
      expect(lane.routed(), `${method} ${path} ${JSON.stringify(headers)}`).toBe(before + 1);
      return answer;
    };
    // A token this process has not verified yet (the routes verify it; the lane knows it afterwards).
    const fresh = {
      authorization: `Bearer ${await lane.t.ctx.tokens.issue({ kind: 'guest', guestId: crypto.randomUUID() }, 900)}`,
    };
    await goesThrough(stageOf('country=NZ'), fresh, 200);
    // A forged token, a citizen's (by bearer; by cookie below), a query the schema refuses, an unknown version, another method.
    await goesThrough(stageOf('country=NZ'), { authorization: `${bearer.authorization}x` }, 401);
    await goesThrough(stageOf('country=NZ'), { authorization: `Bearer ${await lane.t.tokenFor('alice')}` }, 200);
    const refused = await goesThrough(stageOf('country=NZ&size=500'), bearer, 400);
    expect(refused.body.toString()).toContain('size');
    await goesThrough(stageOf('country=NZ&timestamp=yesterday'), bearer, 400);
    await goesThrough(stageOf('country=NZ&timestamp=%00'), bearer, 400);
    await goesThrough(stageOf('country=NZ'), { ...bearer, 'x-api-version': '9.9' }, 400);
    await goesThrough(stageOf('country=NZ'), bearer, 200, 'HEAD');
    // A page not in the cache yet.
    await goesThrough(stageOf('country=NZ&size=3'), bearer, 200);
  });

  it("answers a browser's guest session from its cookie, and leaves a citizen's or a doubtful one to the routes", async () => {
    const names = sessionCookieNames(lane.t.ctx.config.PUBLIC_URL);
    const guestToken = bearer.authorization?.slice('Bearer '.length) ?? '';
    const viaBearer = await lane.get(stageOf('country=NZ'), bearer); // cached, and the token known
    const before = lane.routed();
    const viaCookie = await lane.get(stageOf('country=NZ'), {
      cookie: `theme=dark; ${names.guestToken}=${guestToken}`,
    });
    expect(viaCookie.status).toBe(200);
    expect(viaCookie.body.equals(viaBearer.body)).toBe(true);
    expect(lane.routed()).toBe(before);

    const citizen = `${names.citizenToken}=${await lane.t.tokenFor('alice')}; ${names.guestToken}=${guestToken}`;
    for (const [headers, status] of [
      [{ cookie: citizen }, 200],
      [{ cookie: `${names.guestToken}=${guestToken}x` }, 401],
      // A malformed Authorization header wins over the cookie, as in the routes.
      [{ authorization: 'Basic abc', cookie: `${names.guestToken}=${guestToken}` }, 401],
    ] as const) {
      const routedBefore = lane.routed();
      expect((await lane.get(stageOf('country=NZ'), headers)).status).toBe(status);
      expect(lane.routed()).toBe(routedBefore + 1);
    }
  });

  it('spends the same budget as the routes, and leaves a spent budget to their 429', async () => {
    const limited = await start({ REQUESTS_PER_5_MINUTES: '3' });
    try {
      await stageSome(limited.t, 'AU');
      const headers = { authorization: `Bearer ${await limited.t.tokenFor(guest)}` };
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await limited.get(stageOf('country=AU'), headers));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      // The first through the routes (the page was made), the next two by the lane, the spent one by the routes.
      expect(limited.routed()).toBe(2);
      expect(answers[3]?.headers['retry-after']).toEqual(expect.any(String));
      expect(JSON.parse(answers[3]?.body.toString() ?? '{}')).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    } finally {
      await limited.t.close();
    }
  });

  it("spends a citizen's own budget, as the routes do, not their address's", async () => {
    const limited = await start({ REQUESTS_PER_5_MINUTES: '3' });
    try {
      await stageSome(limited.t, 'AU');
      const alice = { authorization: `Bearer ${await limited.t.tokenFor('alice')}` };
      const bob = { authorization: `Bearer ${await limited.t.tokenFor('bob')}` };
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push(await limited.get(stageOf('country=AU'), alice));
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
      expect(answers.map((answer) => answer.headers['ratelimit-remaining'])).toEqual(['2', '1', '0', '0']);
      expect(limited.routed()).toBe(2);
      // Bob, from the same address: his own budget, whole (his first call goes through the routes).
      const bobs = [await limited.get(stageOf('country=AU'), bob), await limited.get(stageOf('country=AU'), bob)];
      expect(bobs.map((answer) => [answer.status, answer.headers['ratelimit-remaining']])).toEqual([
        [200, '2'],
        [200, '1'],
      ]);
      expect(limited.routed()).toBe(3);
    } finally {
      await limited.t.close();
    }
  });

  it("counts each forwarding client's budget apart behind a trusted proxy, as the routes do", async () => {
    const proxied = await start({ REQUESTS_PER_5_MINUTES: '2', TRUST_PROXY: '127.0.0.1' });
    try {
      await stageSome(proxied.t, 'IE');
      const token = { authorization: `Bearer ${await proxied.t.tokenFor(guest)}` };
      const from = (address: string) => ({ ...token, 'x-forwarded-for': address });
      const first = [];
      for (let i = 0; i < 3; i += 1) first.push((await proxied.get(stageOf('country=IE'), from('203.0.113.1'))).status);
      const second = await proxied.get(stageOf('country=IE'), from('203.0.113.2'));
      expect(first).toEqual([200, 200, 429]);
      expect(second.status).toBe(200);
      expect(second.headers['ratelimit-remaining']).toBe('1');
      // The page was made once; the second client's answer came from the lane.
      expect(proxied.routed()).toBe(2);
    } finally {
      await proxied.t.close();
    }
  });
});
