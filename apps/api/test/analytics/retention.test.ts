import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { storeEvents } from '../../src/domains/analytics/store-events.js';
import { sweepOldEvents } from '../../src/domains/analytics/sweep-old-events.js';
import { startSweepers } from '../../src/sweepers.js';
import { createTestApp, type TestApp } from '../support/harness.js';

const DAY_MS = 24 * 60 * 60_000;

/** Analytics events are kept ANALYTICS_RETENTION_DAYS (here 30), then deleted (ADR 051). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: false, env: { ANALYTICS_RETENTION_DAYS: '30' } });
});
afterAll(() => t.close());

const eventsAged = (days: number, count: number, name = 'page_viewed') =>
  Array.from({ length: count }, () => ({
    id: newId(),
    event_name: name,
    citizen_id: null,
    guest_id: newId(),
    payload: '{}',
    created_at: t.ctx.now() - days * DAY_MS,
  }));

const storedIds = async () =>
  new Set((await t.ctx.db.selectFrom('analytics_events').select('id').execute()).map((row) => row.id));

describe('analytics retention', () => {
  it('deletes every event older than the retention, in batches, and keeps the younger ones', async () => {
    await t.ctx.db.deleteFrom('analytics_events').execute();
    // More old events than one statement deletes, so the sweep takes several.
    const old = [...eventsAged(400, 6_000), ...eventsAged(31, 5_500)];
    const kept = [...eventsAged(29, 3), ...eventsAged(0, 3)];
    await storeEvents(t.ctx.db, [...old, ...kept]);

    expect(await sweepOldEvents(t.ctx)).toBe(old.length);
    expect(await storedIds()).toEqual(new Set(kept.map((event) => event.id)));
    expect(await sweepOldEvents(t.ctx)).toBe(0);
  });

  it('is swept by the process that runs the media worker, from its start', async () => {
    await t.ctx.db.deleteFrom('analytics_events').execute();
    const old = eventsAged(45, 10);
    const young = eventsAged(1, 2);
    await storeEvents(t.ctx.db, [...old, ...young]);
    const problems: unknown[] = [];
    const stop = startSweepers(t.ctx, (message, error) => problems.push([message, error]));
    try {
      await expect.poll(async () => (await storedIds()).size, { timeout: 10_000 }).toBe(young.length);
      expect(await storedIds()).toEqual(new Set(young.map((event) => event.id)));
      expect(problems).toEqual([]);
    } finally {
      stop();
    }
  });
});
