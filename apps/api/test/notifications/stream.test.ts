import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moderate } from '../../src/cli/commands/moderation.js';
import { openStreamCount, STREAMS_PER_CITIZEN } from '../../src/domains/notifications/live-stream.js';
import { noticesWritten } from '../../src/domains/notifications/notices.js';
import { expectOk } from '../support/answers.js';
import { deletePost, paths, post } from '../support/calls.js';
import { type OpenStream, openStream, type StreamEvent } from '../support/event-stream.js';
import { asCitizen, type Citizen, createTestApp, type TestApp } from '../support/harness.js';

// The live stream of notifications over real HTTP (ADR 078): what it sends and to whom, resuming after
// Last-Event-ID, the count after a read in another tab, the streams a citizen may hold, heartbeats, and its end
// when its citizen is suspended.

let t: TestApp;
let origin: string;
beforeAll(async () => {
  t = await createTestApp({ env: { NOTIFICATION_STREAM_HEARTBEAT_SECONDS: '1', LIKE_NOTIFICATIONS: 'true' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
const streams: OpenStream[] = [];
afterAll(async () => {
  for (const stream of streams) stream.close();
  await t.close();
});

const STREAM = '/api/notifications/v1/stream';
async function open(who: Citizen, headers: Record<string, string> = {}) {
  const token = await t.tokenFor(who);
  const stream = await openStream(`${origin}${STREAM}`, { authorization: `Bearer ${token}`, ...headers });
  streams.push(stream);
  return stream;
}
const isUnread = (count: number) => (event: StreamEvent) =>
  event.event === 'unread' && (event.data as { count: number }).count === count;
const line = (event: StreamEvent) =>
  event.data as { id: string; kind: string; actorCount: number; actors: { username: string }[] };

describe('a notification stream', () => {
  it('opens as server-sent events with the unread count; refusals are JSON', async () => {
    const alice = await t.newCitizen();
    const stream = await open(alice);
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    await stream.next(isUnread(0));

    const refused = await openStream(`${origin}${STREAM}`, {});
    expect(refused.status).toBe(401);
    expect(refused.refusal).toMatchObject({ statusCode: 401 });
    const badResume = await open(alice, { 'last-event-id': 'not an id' });
    expect(badResume.status).toBe(400);
    expect(badResume.refusal).toMatchObject({ message: expect.stringContaining('Last-Event-ID') });
  });

  it("delivers a follow and the count to the followed citizen's streams only, and takes it back on unfollow", async () => {
    const [alice, bob, carol] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const alicePhone = await open(alice);
    const aliceLaptop = await open(alice);
    const carolStream = await open(carol);
    await carolStream.next(isUnread(0));
    await alicePhone.next(isUnread(0));

    expectOk(await post(t, paths.follow(alice.id), bob));
    for (const stream of [alicePhone, aliceLaptop]) {
      const told = await stream.next((event) => event.event === 'notification');
      expect(line(told)).toMatchObject({ kind: 'follow', actorCount: 1, actors: [{ username: bob.username }] });
      expect(told.id).toBe(line(told).id);
      await stream.next(isUnread(1));
    }
    // Carol heard nothing of it: only her opening count, after alice's streams had theirs.
    await noticesWritten(t.ctx);
    expect(carolStream.events.map((event) => event.event)).toEqual(['unread']);

    const seen = alicePhone.events.length;
    expectOk(await post(t, paths.unfollow(alice.id), bob));
    await alicePhone.next(isUnread(0), { after: seen });
  });

  it('hears its lines go when their actor is blocked or their post deleted', async () => {
    const [alice, bob, dave] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const stream = await open(alice);
    await stream.next(isUnread(0));
    expectOk(await post(t, paths.follow(alice.id), bob));
    await stream.next(isUnread(1));
    // A block takes back whatever either told the other (ADR 077): the count falls at once, with no reload.
    let seen = stream.events.length;
    expectOk(await post(t, paths.block(bob.id), alice));
    await stream.next(isUnread(0), { after: seen });

    const postId = await t.newPost({ authorId: alice.id, caption: 'liked, then gone' });
    seen = stream.events.length;
    expectOk(await post(t, paths.like(postId), dave));
    // The like's own count (told after the answer), not the follow's earlier one: only then is there a line to take.
    await stream.next(isUnread(1), { after: seen });
    seen = stream.events.length;
    await deletePost(t, postId, alice);
    await stream.next(isUnread(0), { after: seen });
  });

  it('resumes after Last-Event-ID with what changed meanwhile; a fresh stream sends only the count', async () => {
    const [alice, bob, dan] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const first = await open(alice);
    await first.next(isUnread(0));
    expectOk(await post(t, paths.follow(alice.id), bob));
    const told = await first.next((event) => event.event === 'notification');
    first.close();

    // Dan follows while alice's browser is away: the day's follows grow by one.
    expectOk(await post(t, paths.follow(alice.id), dan));
    await noticesWritten(t.ctx);
    const resumed = await open(alice, { 'last-event-id': told.id as string });
    const grown = await resumed.next((event) => event.event === 'notification');
    expect(line(grown)).toMatchObject({ kind: 'follow', actorCount: 2 });
    expect(line(grown).actors.map((actor) => actor.username)).toEqual([dan.username, bob.username]);
    expect(grown.id).not.toBe(told.id);
    await resumed.next(isUnread(1));

    const fresh = await open(alice);
    await fresh.next(isUnread(1));
    expect(fresh.events.filter((event) => event.event === 'notification')).toEqual([]);
  });

  it('sends the count left when the citizen reads in another tab', async () => {
    const [alice, bob] = [await t.newCitizen(), await t.newCitizen()];
    expectOk(await post(t, paths.follow(alice.id), bob));
    await noticesWritten(t.ctx);
    const stream = await open(alice);
    await stream.next(isUnread(1));
    const read = await t.request({ method: 'POST', url: '/api/notifications/v1/read', as: asCitizen(alice) });
    expect(expectOk(read).count).toBe(0);
    await stream.next(isUnread(0));
  });

  it(`keeps a citizen's newest ${STREAMS_PER_CITIZEN} streams, closing the oldest`, async () => {
    const alice = await t.newCitizen();
    const opened: OpenStream[] = [];
    for (let index = 0; index <= STREAMS_PER_CITIZEN; index += 1) {
      const stream = await open(alice);
      await stream.next(isUnread(0));
      opened.push(stream);
    }
    await opened[0]?.ended;
    // Told why, so its browser does not come straight back and end the next oldest.
    expect(opened[0]?.events.at(-1)).toEqual({ event: 'closed', id: null, data: { reason: 'replaced' } });
    expect(opened[1]?.events.map((event) => event.event)).toEqual(['unread']);
    expect(openStreamCount(t.ctx, alice.id)).toBe(STREAMS_PER_CITIZEN);
  });

  it('beats to keep the connection open, and ends at once when its citizen is suspended', async () => {
    const alice = await t.newCitizen();
    const stream = await open(alice);
    await stream.next(isUnread(0));
    await new Promise<void>((resolve) => {
      const check = setInterval(() => {
        if (stream.comments.includes('heartbeat')) resolve(clearInterval(check));
      }, 50);
    });
    await moderate(t.ctx, { action: 'suspend', username: alice.username, note: 'spam', reason: 'spam' });
    await stream.ended;
    expect(openStreamCount(t.ctx, alice.id)).toBe(0);
  });
});
