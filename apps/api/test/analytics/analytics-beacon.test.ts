import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsReport, eraseAnalytics } from '../../src/cli/commands/analytics.js';
import { analyticsMessage, SITE } from '../support/analytics-socket-client.js';
import { createTestApp, guest, machine, type TestApp } from '../support/harness.js';

// The socket's HTTP twin (what a page sends with sendBeacon as it closes), and the admin's report and erasure.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { ANALYTICS_EVENTS_PER_MINUTE: '20' } });
});
afterAll(() => t.close());

const beacon = async (messages: unknown[], headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/analytics',
    headers: {
      origin: SITE,
      'content-type': 'application/json',
      cookie: `civitas_citizen_token=${await t.tokenFor('carol')}`,
      ...headers,
    },
    payload: JSON.stringify({ messages }),
  });

describe('POST /api/analytics', () => {
  it('stores what a closing page had left, under its session, and counts a repeat once', async () => {
    const messages = [analyticsMessage('page_viewed'), analyticsMessage('post_liked')];
    const ids = messages.map((message) => message.data.metadata.eventId);
    const first = await beacon(messages);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ acknowledged: ids, refused: [] });
    expect((await beacon(messages)).json().acknowledged).toEqual(ids);
    const rows = await t.ctx.db.selectFrom('analytics_events').selectAll().where('id', 'in', ids).execute();
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((row) => row.citizen_id))).toEqual(new Set([t.world.citizens.carol.id]));
  });

  it('refuses another site, app tokens, bad events and floods, storing nothing of them', async () => {
    const message = analyticsMessage('page_viewed');
    const eventId = message.data.metadata.eventId;
    expect((await beacon([message], { origin: 'https://evil.example' })).statusCode).toBe(403);
    const asApp = await t.request({
      method: 'POST',
      url: '/api/analytics',
      as: machine('socket'),
      payload: { messages: [message] },
    });
    expect(asApp.statusCode).toBe(403);
    const bad = await beacon([analyticsMessage('Page Viewed')]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/eventName/);
    expect((await beacon([])).statusCode).toBe(400);
    expect(await t.ctx.db.selectFrom('analytics_events').select('id').where('id', '=', eventId).execute()).toEqual([]);

    const flood = Array.from({ length: 25 }, () => analyticsMessage('page_viewed'));
    const answer = await t.request({
      method: 'POST',
      url: '/api/analytics',
      as: guest,
      payload: { messages: flood },
    });
    expect(answer.statusCode).toBe(429);
    expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('what the store takes in', () => {
  it('keeps the events of this site’s pages and refuses, unstored, those naming any other address', async () => {
    // An app of its own, so that the report below counts only the events of the tests before it.
    const own = await createTestApp({ seed: false });
    try {
      const send = async (messages: unknown[]) =>
        own.app.inject({
          method: 'POST',
          url: '/api/analytics',
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${await own.tokenFor(guest)}`,
          },
          payload: JSON.stringify({ messages }),
        });
      const ours = analyticsMessage('page_viewed');
      const elsewhere = analyticsMessage('page_viewed', { currentUrl: `https://a.example/${'p'.repeat(900)}` });
      const answer = await send([ours, elsewhere]);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({
        acknowledged: [ours.data.metadata.eventId],
        refused: [
          {
            eventId: elsewhere.data.metadata.eventId,
            code: 'INVALID',
            message: `Not an analytics message: data.metadata.currentUrl must be a page of ${SITE}`,
          },
        ],
      });
      const rows = await own.ctx.db.selectFrom('analytics_events').select('id').execute();
      expect(rows.map((row) => row.id)).toEqual([ours.data.metadata.eventId]);
      const tooLong = await send([analyticsMessage('page_viewed', { currentUrl: `${SITE}/${'p'.repeat(1024)}` })]);
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toMatch(/currentUrl must be at most 1024 characters/);
    } finally {
      await own.close();
    }
  });

  it('holds an address to its events per day, whatever its sessions, and everyone together to theirs', async () => {
    const bounded = await createTestApp({
      seed: false,
      env: { ANALYTICS_EVENTS_PER_ADDRESS_PER_DAY: '3', ANALYTICS_EVENTS_PER_DAY: '5' },
    });
    try {
      const send = async (remoteAddress: string) =>
        bounded.app.inject({
          method: 'POST',
          url: '/api/analytics',
          remoteAddress,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${await bounded.tokenFor({ kind: 'guest', guestId: randomUUID() })}`,
          },
          payload: JSON.stringify({ messages: [analyticsMessage('page_viewed')] }),
        });
      const statuses = async (remoteAddress: string, count: number) => {
        const answers = [];
        for (let call = 0; call < count; call += 1) answers.push(await send(remoteAddress));
        return answers;
      };
      // A new guest session each time: one address still gets three events a day.
      const first = await statuses('10.20.0.1', 4);
      expect(first.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 429]);
      expect(Number(first[3]?.headers['retry-after'])).toBeGreaterThan(23 * 3600);
      // Another address has its own three, but everyone's five are spent after two of them.
      const second = await statuses('10.20.0.2', 3);
      expect(second.map((answer) => answer.statusCode)).toEqual([200, 200, 429]);
      expect((await statuses('10.20.0.3', 1)).map((answer) => answer.statusCode)).toEqual([429]);
      expect(await bounded.ctx.db.selectFrom('analytics_events').select('id').execute()).toHaveLength(5);
    } finally {
      await bounded.close();
    }
  });
});

describe('the admin CLI', () => {
  it('reports events per day and name, and erases a citizen’s events on request', async () => {
    const alice = async (messages: unknown[]) =>
      beacon(messages, { cookie: `civitas_citizen_token=${await t.tokenFor('alice')}` });
    await alice([analyticsMessage('page_viewed'), analyticsMessage('page_viewed'), analyticsMessage('post_liked')]);
    const report = await analyticsReport(t.ctx, 7);
    const today = new Date(t.ctx.now()).toISOString().slice(0, 10);
    expect(report.split('\n')[0]).toMatch(/^day\s+event\s+count$/);
    // carol's two events and alice's three, on this day.
    expect(report).toMatch(new RegExp(`${today}\\s+page_viewed\\s+3\\n`));
    expect(report).toMatch(new RegExp(`${today}\\s+post_liked\\s+2$`));

    expect(await eraseAnalytics(t.ctx, 'alice')).toBe('Deleted 3 analytics events of alice.');
    const left = await t.ctx.db
      .selectFrom('analytics_events')
      .select('citizen_id')
      .where('citizen_id', '=', t.world.citizens.alice.id)
      .execute();
    expect(left).toEqual([]);
    expect(await analyticsReport(t.ctx, 7)).toMatch(new RegExp(`${today}\\s+page_viewed\\s+1\\n`));
    await expect(eraseAnalytics(t.ctx, 'nobody_here')).rejects.toThrow('No citizen nobody_here.');
  });
});
