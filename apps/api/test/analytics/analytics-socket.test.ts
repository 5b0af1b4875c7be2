import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderate } from '../../src/cli/commands/moderation.js';
import {
  analyticsMessage,
  type OpenSocket,
  openSocket,
  refusedUpgrade,
  SITE,
} from '../support/analytics-socket-client.js';
import { createTestApp, guest, machine, type TestApp } from '../support/harness.js';

// The analytics websocket (docs/product.md §3; docs/design.md §2: `/api/analytics`) over a real connection.

let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await createTestApp({ env: { ANALYTICS_EVENTS_PER_MINUTE: '600' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t.close());

const asGuest = async () => ({ origin: SITE, cookie: `civitas_guest_token=${await t.tokenFor(guest)}` });
const asAlice = async () => ({ origin: SITE, cookie: `civitas_citizen_token=${await t.tokenFor('alice')}` });
/** The stored rows of these events, in the order of `ids`. */
async function stored(ids: string[]) {
  const rows = await t.ctx.db.selectFrom('analytics_events').selectAll().where('id', 'in', ids).execute();
  return ids.flatMap((id) => rows.filter((row) => row.id === id));
}

describe('the analytics socket', () => {
  it('acknowledges each event once stored, in order, filed under the session that sent it', async () => {
    const client = await openSocket(port, await asGuest());
    const messages = ['session_user_visited', 'page_viewed', 'post_liked'].map((name) =>
      // A page cannot file events under someone else's name: these ids are ignored.
      analyticsMessage(name, { userId: t.world.citizens.bob.id, guestId: '0190a5b0-7d4e-7c3a-9f1e-00000000beef' }),
    );
    for (const message of messages) client.socket.send(JSON.stringify(message));
    const frames = await client.framesUntil(3);
    client.close();
    const ids = messages.map((message) => message.data.metadata.eventId);
    expect(frames).toEqual(ids.map((eventId) => ({ type: 'ack', eventId })));
    const rows = await stored(ids);
    const guestId = guest.kind === 'guest' ? guest.guestId : '';
    expect(rows.map((row) => [row.event_name, row.citizen_id, row.guest_id])).toEqual([
      ['session_user_visited', null, guestId],
      ['page_viewed', null, guestId],
      ['post_liked', null, guestId],
    ]);
    const payload = JSON.parse(rows[0]?.payload ?? '{}');
    // The query string and fragment may carry personal data: never kept.
    expect(payload.currentUrl).toBe(`${SITE}/p/0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70`);
    expect(payload).toMatchObject({
      platform: 'Web',
      browserName: 'Chrome',
      deviceType: 'android_phone',
      userId: null,
      guestId,
    });
  });

  it('files a signed-in citizen’s events under their id, whatever ids the event names', async () => {
    const client = await openSocket(port, await asAlice());
    // The page sends its session's ids (docs/product.md §3); they are believed only as far as the session says the same.
    const own = analyticsMessage('page_viewed', { userId: t.world.citizens.alice.id, guestId: null });
    const forged = analyticsMessage('post_liked', {
      userId: t.world.citizens.bob.id,
      guestId: '0190a5b0-7d4e-7c3a-9f1e-00000000beef',
    });
    client.socket.send(JSON.stringify(own));
    client.socket.send(JSON.stringify(forged));
    await client.framesUntil(2);
    client.close();
    const rows = await stored([own.data.metadata.eventId, forged.data.metadata.eventId]);
    const alice = t.world.citizens.alice.id;
    expect(rows.map((row) => [row.citizen_id, row.guest_id])).toEqual([
      [alice, null],
      [alice, null],
    ]);
    expect(rows.map((row) => JSON.parse(row.payload)).map(({ userId, guestId }) => [userId, guestId])).toEqual([
      [alice, null],
      [alice, null],
    ]);
  });

  it('counts an event sent twice once, and acknowledges it both times', async () => {
    const client = await openSocket(port, await asGuest());
    const message = JSON.stringify(analyticsMessage('page_viewed'));
    client.socket.send(message);
    await client.framesUntil(1);
    client.socket.send(message);
    const frames = await client.framesUntil(2);
    client.close();
    expect(frames.map((frame) => frame.type)).toEqual(['ack', 'ack']);
    expect(await stored([JSON.parse(message).data.metadata.eventId])).toHaveLength(1);
  });

  it('answers bad messages with an error frame and keeps the connection and what follows', async () => {
    const client = await openSocket(port, await asGuest());
    const tooBig = analyticsMessage('page_viewed', { browserName: 'x'.repeat(60) });
    const padded = JSON.stringify({ ...tooBig, padding: 'y'.repeat(5000) });
    const noUrl = analyticsMessage('page_viewed', { currentUrl: 'javascript:alert(1)' });
    const control = analyticsMessage('page_viewed', { os: 'Linux\u0000' });
    const elsewhere = analyticsMessage('page_viewed', { currentUrl: 'https://a.example/page' });
    const good = analyticsMessage('page_viewed');
    client.socket.send('{not json');
    client.socket.send(padded);
    client.socket.send(JSON.stringify(noUrl));
    client.socket.send(JSON.stringify(control));
    client.socket.send(JSON.stringify({ action: 'delete', data: {} }));
    client.socket.send(Buffer.from([1, 2, 3]));
    client.socket.send(JSON.stringify(elsewhere));
    client.socket.send(JSON.stringify(good));
    const frames = await client.framesUntil(8);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.close();
    expect(frames.map((frame) => [frame.type, frame.code, frame.eventId])).toEqual([
      ['error', 'MALFORMED', undefined],
      ['error', 'TOO_LARGE', undefined],
      ['error', 'INVALID', noUrl.data.metadata.eventId],
      ['error', 'INVALID', control.data.metadata.eventId],
      ['error', 'INVALID', undefined],
      ['error', 'MALFORMED', undefined],
      ['error', 'INVALID', elsewhere.data.metadata.eventId],
      ['ack', undefined, good.data.metadata.eventId],
    ]);
    expect(frames[2]?.message).toMatch(/currentUrl/);
    expect(frames[3]?.message).toMatch(/os .*control/);
    expect(frames[6]?.message).toBe(`Not an analytics message: data.metadata.currentUrl must be a page of ${SITE}`);
    expect(await stored([noUrl, control, elsewhere].map((message) => message.data.metadata.eventId))).toEqual([]);
  });

  it('refuses upgrades from another site, without a session, with a forged token or an app token', async () => {
    const token = await t.tokenFor(guest);
    expect(await refusedUpgrade(port, { origin: 'https://evil.example', cookie: `civitas_guest_token=${token}` })).toBe(
      403,
    );
    // A browser always says where a page came from; a cookie without it is refused as well.
    expect(await refusedUpgrade(port, { cookie: `civitas_guest_token=${token}` })).toBe(403);
    expect(await refusedUpgrade(port, { origin: SITE })).toBe(401);
    const [header, payload] = token.split('.');
    expect(
      await refusedUpgrade(port, { origin: SITE, cookie: `civitas_guest_token=${header}.${payload}.forged` }),
    ).toBe(401);
    const app = await t.tokenFor(machine('socket'));
    expect(await refusedUpgrade(port, { authorization: `Bearer ${app}` })).toBe(403);
    // An Authorization header that is not "Bearer <token>" is refused as every route refuses it, cookie or not.
    expect(
      await refusedUpgrade(port, { origin: SITE, authorization: token, cookie: `civitas_guest_token=${token}` }),
    ).toBe(401);
  });

  it('closes a citizen’s socket at its next message once a moderator suspends them, and stores nothing more', async () => {
    const citizen = await t.newCitizen();
    const cookie = `civitas_citizen_token=${await t.tokenFor(citizen)}`;
    const client = await openSocket(port, { origin: SITE, cookie });
    const before = analyticsMessage('page_viewed', { userId: citizen.id, guestId: null });
    client.socket.send(JSON.stringify(before));
    expect(await client.framesUntil(1)).toEqual([{ type: 'ack', eventId: before.data.metadata.eventId }]);

    // A suspension signs the citizen out everywhere (ADR 070); every instance reloads its sign-outs.
    await moderate(t.ctx, { action: 'suspend', username: citizen.username, note: 'spam', reason: 'spam' });
    const closed = new Promise<[number, string]>((resolve) =>
      client.socket.once('close', (code, reason) => resolve([code, String(reason)])),
    );
    const after = analyticsMessage('post_liked', { userId: citizen.id, guestId: null });
    client.socket.send(JSON.stringify(after));
    expect(await closed).toEqual([1008, 'session ended']);
    expect(client.frames).toHaveLength(1);
    expect(await stored([before.data.metadata.eventId, after.data.metadata.eventId])).toHaveLength(1);
    // Nor can it open another with that session.
    expect(await refusedUpgrade(port, { origin: SITE, cookie })).toBe(401);
  });

  it('answers a plain GET with 426 and tells how to send events', async () => {
    const response = await t.request({ method: 'GET', url: '/api/analytics', as: guest });
    expect(response.statusCode).toBe(426);
    expect(response.json().message).toMatch(/websocket/);
  });
});

describe('the socket’s rate limit', () => {
  let limited: TestApp;
  let limitedPort: number;
  beforeAll(async () => {
    limited = await createTestApp({ seed: false, env: { ANALYTICS_EVENTS_PER_MINUTE: '5' } });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    limitedPort = (limited.app.server.address() as AddressInfo).port;
  });
  afterAll(() => limited.close());

  it('refuses events past the limit with a time to wait, and keeps the socket open', async () => {
    const client = await openSocket(limitedPort, {
      origin: SITE,
      cookie: `civitas_guest_token=${await limited.tokenFor(guest)}`,
    });
    for (let index = 0; index < 7; index += 1) client.socket.send(JSON.stringify(analyticsMessage('page_viewed')));
    const frames = await client.framesUntil(7);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
    client.close();
    const refused = frames.filter((frame) => frame.type === 'error');
    expect(frames.filter((frame) => frame.type === 'ack')).toHaveLength(5);
    expect(refused.map((frame) => frame.code)).toEqual(['RATE_LIMITED', 'RATE_LIMITED']);
    expect(refused[0]?.retryAfterMs).toBeGreaterThan(1000);
  });
});

describe('the analytics budgets across sockets', () => {
  let shared: TestApp;
  let sharedPort: number;
  beforeAll(async () => {
    shared = await createTestApp({
      seed: false,
      env: { ANALYTICS_EVENTS_PER_MINUTE: '5', ANALYTICS_SOCKETS_PER_ADDRESS: '2' },
    });
    await shared.app.listen({ port: 0, host: '127.0.0.1' });
    sharedPort = (shared.app.server.address() as AddressInfo).port;
  });
  afterAll(() => shared.close());

  it('counts a session’s events over all its sockets: a second socket buys no more', async () => {
    const session = { origin: SITE, cookie: `civitas_guest_token=${await shared.tokenFor(guest)}` };
    const first = await openSocket(sharedPort, session);
    const second = await openSocket(sharedPort, session);
    // Each event's answer, by its id (an ack comes once stored, a refusal at once: their order may differ).
    const answers = async (client: OpenSocket) => {
      const ids: string[] = [];
      for (let index = 0; index < 3; index += 1) {
        const message = analyticsMessage('page_viewed');
        ids.push(message.data.metadata.eventId);
        client.socket.send(JSON.stringify(message));
      }
      const frames = await client.framesUntil(3);
      return ids.map((id) => frames.find((frame) => frame.eventId === id));
    };
    const fromFirst = await answers(first);
    const fromSecond = await answers(second);
    first.close();
    second.close();
    expect(fromFirst.map((frame) => frame?.type)).toEqual(['ack', 'ack', 'ack']);
    expect(fromSecond.map((frame) => frame?.type)).toEqual(['ack', 'ack', 'error']);
    expect(fromSecond[2]).toMatchObject({ code: 'RATE_LIMITED' });
    expect(fromSecond[2]?.retryAfterMs).toBeGreaterThan(1000);
  });

  it('refuses a socket past the number open from one address, and takes one again once another closed', async () => {
    const session = async () => ({
      origin: SITE,
      cookie: `civitas_guest_token=${await shared.tokenFor({ kind: 'guest', guestId: randomUUID() })}`,
    });
    const open = [await openSocket(sharedPort, await session()), await openSocket(sharedPort, await session())];
    expect(await refusedUpgrade(sharedPort, await session())).toBe(429);
    open[0]?.close();
    // The count drops when the server sees the close: try again for a moment.
    let reopened: OpenSocket | null = null;
    for (let attempt = 0; attempt < 40 && !reopened; attempt++) {
      reopened = await openSocket(sharedPort, await session()).catch(() => null);
      if (!reopened) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(reopened).not.toBeNull();
    reopened?.close();
    open[1]?.close();
  });
});
