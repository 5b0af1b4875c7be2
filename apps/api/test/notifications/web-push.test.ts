import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noticesWritten } from '../../src/domains/notifications/notices.js';
import { pushesSent } from '../../src/domains/notifications/push/send-pushes.js';
import { SUBSCRIPTIONS_PER_CITIZEN } from '../../src/domains/notifications/push/subscription-store.js';
import { expectError, expectOk } from '../support/answers.js';
import { paths, post } from '../support/calls.js';
import { asCitizen, type Citizen, createTestApp, type TestApp } from '../support/harness.js';
import { type BrowserKeys, browserKeys, type LocalPushService, startPushService } from '../support/push-service.js';

// Web Push through the real server (ADR 079): the server's key, subscriptions stored, moved and deleted, the
// bodies refused, and the pushes a notice sends to a push service on this machine: encrypted, signed, with the
// line as data; none for a withdrawal or to a citizen without subscriptions; a subscription its push service says
// is gone forgotten.

let t: TestApp;
let pushService: LocalPushService;
beforeAll(async () => {
  t = await createTestApp();
  pushService = await startPushService();
});
afterAll(async () => {
  await t.close();
  await pushService.close();
});

const PUSH = '/api/notifications/v1/push';
let endpoints = 0;
/** A fresh endpoint path at the local push service, as each browser has its own. */
const newPath = () => {
  endpoints += 1;
  return `/push/${endpoints}`;
};

const subscribe = (who: Citizen, body: unknown) =>
  t.request({ method: 'POST', url: `${PUSH}/subscriptions`, as: asCitizen(who), payload: body as object });
const unsubscribe = (who: Citizen, endpoint: string) =>
  t.request({ method: 'DELETE', url: `${PUSH}/subscriptions`, as: asCitizen(who), payload: { endpoint } });

/** Subscribes a browser of `who` at a fresh endpoint of the local push service; the answer is how to read it. */
async function subscribedBrowser(who: Citizen): Promise<BrowserKeys & { path: string; endpoint: string }> {
  const browser = browserKeys();
  const path = newPath();
  const endpoint = pushService.endpoint(path);
  expectOk(await subscribe(who, { endpoint, keys: browser.keys }), 201);
  return { ...browser, path, endpoint };
}

const storedEndpoints = async (who: Citizen) =>
  (
    await t.ctx.db
      .selectFrom('push_subscriptions')
      .select('endpoint')
      .where('citizen_id', '=', who.id)
      .orderBy('created_at')
      .orderBy('id')
      .execute()
  ).map((row) => row.endpoint);

/** Waits for the notices begun so far, then for the pushes they began. */
async function settled(): Promise<void> {
  await noticesWritten(t.ctx);
  await pushesSent(t.ctx);
}

const jwtPart = (jwt: string, index: number) =>
  JSON.parse(Buffer.from(jwt.split('.')[index] as string, 'base64url').toString());

describe('the push key', () => {
  it('is one P-256 public key, the same on every call, kept in the database for every instance', async () => {
    const [alice, bob] = [await t.newCitizen(), await t.newCitizen()];
    const first = expectOk(await t.request({ method: 'GET', url: `${PUSH}/key`, as: asCitizen(alice) }));
    const again = expectOk(await t.request({ method: 'GET', url: `${PUSH}/key`, as: asCitizen(bob) }));
    expect(again).toEqual(first);
    const key = Buffer.from(first.publicKey, 'base64url');
    expect(key).toHaveLength(65);
    expect(key[0]).toBe(0x04); // uncompressed, as applicationServerKey takes it
    const stored = await t.ctx.db
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'vapid-keys')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(stored.value).publicKey).toBe(first.publicKey);
  });

  it('is for citizens only', async () => {
    expectError(await t.request({ method: 'GET', url: `${PUSH}/key` }), 401);
  });
});

describe('subscriptions', () => {
  it('are stored, moved to whoever subscribes the same endpoint last, and deleted only by their own citizen', async () => {
    const [alice, bob] = [await t.newCitizen(), await t.newCitizen()];
    const endpoint = pushService.endpoint(newPath());
    const { id } = expectOk(await subscribe(alice, { endpoint, keys: browserKeys().keys }), 201);
    expect(await storedEndpoints(alice)).toEqual([endpoint]);
    // Subscribing again (new keys, the same browser) keeps one row.
    expect(expectOk(await subscribe(alice, { endpoint, keys: browserKeys().keys }), 201)).toEqual({ id });
    expect(await storedEndpoints(alice)).toEqual([endpoint]);

    // Bob signs in on the same browser: the subscription is his now.
    expect(expectOk(await subscribe(bob, { endpoint, keys: browserKeys().keys }), 201)).toEqual({ id });
    expect(await storedEndpoints(alice)).toEqual([]);
    expect(await storedEndpoints(bob)).toEqual([endpoint]);

    // Alice cannot take it away from him, and is answered as for an endpoint never stored.
    expect((await unsubscribe(alice, endpoint)).statusCode).toBe(204);
    expect(await storedEndpoints(bob)).toEqual([endpoint]);
    expect((await unsubscribe(alice, pushService.endpoint('/never-stored'))).statusCode).toBe(204);
    const gone = await unsubscribe(bob, endpoint);
    expect(gone.statusCode).toBe(204);
    expect(gone.body).toBe('');
    expect(await storedEndpoints(bob)).toEqual([]);
  });

  it(`are ${SUBSCRIPTIONS_PER_CITIZEN} at most per citizen: one more replaces the oldest`, async () => {
    const alice = await t.newCitizen();
    const made: string[] = [];
    for (let i = 0; i <= SUBSCRIPTIONS_PER_CITIZEN; i += 1) {
      const endpoint = pushService.endpoint(newPath());
      expectOk(await subscribe(alice, { endpoint, keys: browserKeys().keys }), 201);
      made.push(endpoint);
    }
    expect(await storedEndpoints(alice)).toEqual(made.slice(1));
  });

  it('refuse malformed bodies with words that say what to change', async () => {
    const alice = await t.newCitizen();
    const { keys } = browserKeys();
    const refused = async (body: unknown, code: string, words: string) => {
      const res = await subscribe(alice, body);
      expectError(res, 400, code);
      expect(res.json().message).toContain(words);
    };
    await refused({ keys }, 'VALIDATION_FAILED', 'body.endpoint is required');
    await refused({ endpoint: pushService.endpoint(newPath()) }, 'VALIDATION_FAILED', 'body.keys is required');
    await refused({ endpoint: 'not a url', keys }, 'VALIDATION_FAILED', 'body.endpoint must be');
    await refused({ endpoint: 'ftp://push.example/x', keys }, 'VALIDATION_FAILED', 'https://');
    await refused(
      { endpoint: `https://push.example/${'x'.repeat(2048)}`, keys },
      'VALIDATION_FAILED',
      'at most 2048 characters',
    );
    await refused(
      { endpoint: pushService.endpoint(newPath()), keys: { ...keys, p256dh: keys.p256dh.slice(1) } },
      'VALIDATION_FAILED',
      'body.keys.p256dh must be the subscription’s p256dh key: 65 bytes in base64url',
    );
    await refused(
      { endpoint: pushService.endpoint(newPath()), keys: { ...keys, auth: 'not+base64/url' } },
      'VALIDATION_FAILED',
      'body.keys.auth must be',
    );
    // Well-formed, but not a point of the curve: no payload could ever be encrypted to it.
    await refused(
      { endpoint: pushService.endpoint(newPath()), keys: { ...keys, p256dh: 'A'.repeat(87) } },
      'PUSH_KEYS_UNUSABLE',
      'keys.p256dh must be the browser’s P-256 public key',
    );
    // The server would post to the endpoint: only a push service's, never inside the network.
    await refused({ endpoint: 'http://push.example/x', keys }, 'PUSH_ENDPOINT_REFUSED', 'https://');
    await refused({ endpoint: 'https://10.1.2.3/x', keys }, 'PUSH_ENDPOINT_REFUSED', 'private or reserved');
    await refused({ endpoint: 'https://169.254.169.254/x', keys }, 'PUSH_ENDPOINT_REFUSED', 'private or reserved');
    await refused({ endpoint: 'https://user:pw@push.example/x', keys }, 'PUSH_ENDPOINT_REFUSED', 'user name');
    expect(await storedEndpoints(alice)).toEqual([]);

    const noBody = await t.request({ method: 'DELETE', url: `${PUSH}/subscriptions`, as: asCitizen(alice) });
    expectError(noBody, 400, 'VALIDATION_FAILED');
    expectError(await unsubscribe(alice, 'not a url'), 400, 'VALIDATION_FAILED');
  });
});

describe('pushes', () => {
  it("carry a follow to each of the followed citizen's browsers, encrypted, signed and as data", async () => {
    const [alice, bob, carol] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const phone = await subscribedBrowser(alice);
    const laptop = await subscribedBrowser(alice);
    const { publicKey } = expectOk(await t.request({ method: 'GET', url: `${PUSH}/key`, as: asCitizen(alice) }));

    expectOk(await post(t, paths.follow(alice.id), bob));
    await settled();
    const [line] = expectOk(
      await t.request({ method: 'GET', url: '/api/notifications/v1/notifications', as: asCitizen(alice) }),
    ).data;
    for (const browser of [phone, laptop]) {
      const pushes = pushService.at(browser.path);
      expect(pushes).toHaveLength(1);
      const [push] = pushes;
      if (!push) throw new Error('no push');
      expect(push.method).toBe('POST');
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers['content-type']).toBe('application/octet-stream');
      expect(push.headers.ttl).toBe(String(24 * 60 * 60));
      expect(push.headers.urgency).toBe('normal');
      expect(push.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
      // VAPID (RFC 8292): a JWT for this push service's origin, signed with the key browsers subscribe with.
      const authorization = push.headers.authorization ?? '';
      const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization);
      expect(match, authorization).not.toBeNull();
      expect(match?.[2]).toBe(publicKey);
      const claims = jwtPart(match?.[1] as string, 1);
      expect(jwtPart(match?.[1] as string, 0)).toMatchObject({ alg: 'ES256' });
      expect(claims.aud).toBe(new URL(browser.endpoint).origin);
      expect(claims.sub).toBe('mailto:no-reply@civitas.local');
      expect(claims.exp * 1000).toBeGreaterThan(Date.now());
      // Only the browser's keys read it: data, for its service worker to word.
      expect(push.body.includes(Buffer.from(bob.username))).toBe(false);
      expect(browser.read(push)).toEqual({
        kind: 'notification',
        data: {
          id: line.id,
          kind: 'follow',
          tag: push.headers.topic,
          actorCount: 1,
          actors: [{ username: bob.username, displayName: `Test ${bob.username}` }],
          postId: null,
          unreadCount: 1,
        },
      });
    }

    // The line grows: the next push names the newest follower, counts both, and keeps the line's tag.
    expectOk(await post(t, paths.follow(alice.id), carol));
    await settled();
    const [first, second] = pushService.at(phone.path);
    expect(phone.read(second as never)).toMatchObject({
      data: {
        kind: 'follow',
        actorCount: 2,
        actors: [{ username: carol.username }],
        unreadCount: 1,
        tag: first?.headers.topic,
      },
    });
  });

  it('go to no one for a withdrawal, a read mark, a repeat, or a citizen without subscriptions', async () => {
    const [alice, bob, carol] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const browser = await subscribedBrowser(alice);
    expectOk(await post(t, paths.follow(alice.id), bob));
    await settled();
    expect(pushService.at(browser.path)).toHaveLength(1);
    const before = pushService.received.length;

    expectOk(await post(t, paths.unfollow(alice.id), bob));
    await settled();
    expectOk(await post(t, paths.follow(alice.id), carol));
    await settled();
    expectOk(await t.request({ method: 'POST', url: '/api/notifications/v1/read', as: asCitizen(alice) }));
    // Carol follows again: her follow is already told, nothing changed.
    expectOk(await post(t, paths.follow(alice.id), carol));
    // Bob has no browser subscribed: his new follower is told in his list only.
    expectOk(await post(t, paths.follow(bob.id), carol));
    await settled();
    expect(pushService.received.length - before).toBe(1);
    expect(browser.read(pushService.at(browser.path)[1] as never)).toMatchObject({
      data: { actors: [{ username: carol.username }] },
    });
    const bobsList = expectOk(
      await t.request({ method: 'GET', url: '/api/notifications/v1/notifications', as: asCitizen(bob) }),
    );
    expect(bobsList.data).toHaveLength(1);
  });

  it('forget a subscription whose push service says it is gone (404, 410), and keep one that failed', async () => {
    const [alice, bob] = [await t.newCitizen(), await t.newCitizen()];
    const [gone, unknown, busy, fine] = [
      await subscribedBrowser(alice),
      await subscribedBrowser(alice),
      await subscribedBrowser(alice),
      await subscribedBrowser(alice),
    ];
    pushService.answer(gone.path, 410);
    pushService.answer(unknown.path, 404);
    pushService.answer(busy.path, 503);
    expectOk(await post(t, paths.follow(alice.id), bob));
    await settled();
    for (const browser of [gone, unknown, busy, fine]) expect(pushService.at(browser.path)).toHaveLength(1);
    expect(await storedEndpoints(alice)).toEqual([busy.endpoint, fine.endpoint]);
  });
});
