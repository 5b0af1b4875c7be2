import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Page, WebSocket } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from './support/browser';
import { signInAs } from './support/demo';
import { waitForHydration } from './support/pages';

/** docs/product.md §3, §4: the analytics socket runs only with consent, keeps events until stored, and stops when withdrawn. */
const origin = inject('origin');
const dataDir = inject('dataDir');
const SOCKET = /\/api\/analytics$/;

interface StoredEvent {
  id: string;
  event_name: string;
  guest_id: string | null;
  citizen_id: string | null;
  payload: string;
}

/** The events the server kept, read from its own database, oldest first. */
function storedEvents(): StoredEvent[] {
  const db = new SQLite(join(dataDir, 'civitas.sqlite'), { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare('select id, event_name, guest_id, citizen_id, payload from analytics_events order by created_at, rowid')
      .all() as StoredEvent[];
  } finally {
    db.close();
  }
}

interface SentEvent {
  data: { eventName: string; metadata: { eventId: string; userId: string | null; guestId: string | null } };
}
const sentEvents = (frames: string[]) => frames.map((frame) => JSON.parse(frame) as SentEvent);
/** The ids an event names as its sender's (docs/product.md §3). */
const idsOf = (event: SentEvent) => [event.data.metadata.userId, event.data.metadata.guestId];

const browser = browserPerFile();
let page: Page;

const banner = () => page.getByRole('region', { name: 'Your privacy' });

/** The visit times the page keeps (docs/product.md §3): the tab's visited-at and the browser's last-visit time. */
const visitTimes = (on: Page = page) =>
  on.evaluate(() => ({
    visitedAt: sessionStorage.getItem('civitas.visitedAt'),
    lastVisitAt: localStorage.getItem('civitas.lastVisitAt'),
  }));

async function openStage(path = '/'): Promise<void> {
  await page.goto(`${origin}${path}`);
  await banner().waitFor();
  await waitForHydration(page, 'section button[aria-controls]');
}

async function consentToAnalyticsOnly(): Promise<void> {
  await banner().getByRole('button', { name: 'Choose services' }).click();
  await banner().getByRole('checkbox', { name: 'Analytics' }).check();
  await banner().getByRole('button', { name: 'Save my choices' }).click();
  await banner().waitFor({ state: 'detached' });
}

/** Waits until `count` events with these ids are in the server's database. */
async function waitForStored(ids: string[]): Promise<StoredEvent[]> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const stored = storedEvents().filter((event) => ids.includes(event.id));
    if (stored.length >= ids.length || Date.now() > deadline) return stored;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('analytics with consent only', () => {
  it('loads no analytics code and opens no socket before consent, and none after "Reject all"', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    const sockets: string[] = [];
    const scripts: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      // A script whose page was left as it arrived (a post page's chunk, as the journey moves on) has no body to
      // read any more; it is not the one looked for, and its failure must not outlive the test.
      const text = await response.text().catch(() => null);
      if (text !== null) scripts.push(text);
    });
    await openStage();
    await page.getByRole('contentinfo').waitFor();
    await banner().getByRole('button', { name: 'Reject all' }).click();
    await banner().waitFor({ state: 'detached' });
    // A client navigation, as a reader moves on.
    await page.locator('main a[href^="/p/"]').first().click();
    await page.waitForURL(/\/p\//);
    await page.waitForTimeout(1500);

    expect(sockets).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    // The socket's address is written only in the analytics service's own chunk.
    expect(scripts.filter((script) => script.includes('/api/analytics'))).toEqual([]);
    expect(await visitTimes()).toEqual({ visitedAt: null, lastVisitAt: null });
  });

  it('sends queued events in order, once each, across a dropped connection; session_user_visited once per tab', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    const framesByConnection: string[][] = [];
    // The first connection reaches the server but never hears its acknowledgements, and drops after two
    // events: the page must send them again on the next connection, and the server must keep each once.
    await context.routeWebSocket(SOCKET, (socket) => {
      const frames: string[] = [];
      framesByConnection.push(frames);
      const server = socket.connectToServer();
      const first = framesByConnection.length === 1;
      socket.onMessage((message) => {
        frames.push(String(message));
        server.send(message);
        if (first && frames.length === 2) socket.close({ code: 1012, reason: 'restarting' });
      });
      server.onMessage((message) => {
        if (!first) socket.send(message);
      });
    });
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      // A script whose page was left as it arrived (a post page's chunk, as the journey moves on) has no body to
      // read any more; it is not the one looked for, and its failure must not outlive the test.
      const text = await response.text().catch(() => null);
      if (text !== null) scripts.push(text);
    });

    // A shared link's query string may carry personal data: it never leaves the page.
    await openStage('/?ref=shared-by-alice');
    await consentToAnalyticsOnly();
    // The service's code arrives only now, after consent.
    await expect.poll(() => scripts.some((script) => script.includes('/api/analytics'))).toBe(true);
    await expect.poll(() => framesByConnection.length, { timeout: 15_000 }).toBe(2);
    await page.locator('main a[href^="/p/"]').first().click();
    await page.waitForURL(/\/p\//);
    await expect.poll(() => framesByConnection[1]?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(3);

    const [dropped = [], second = []] = framesByConnection.map(sentEvents);
    expect(dropped.map((event) => event.data.eventName)).toEqual(['session_user_visited', 'page_viewed']);
    // What was never acknowledged goes first, in its order, then what came after.
    expect(second.map((event) => event.data.eventName)).toEqual(['session_user_visited', 'page_viewed', 'page_viewed']);
    expect(second.slice(0, 2).map((event) => event.data.metadata.eventId)).toEqual(
      dropped.map((event) => event.data.metadata.eventId),
    );

    const ids = second.map((event) => event.data.metadata.eventId);
    const stored = await waitForStored(ids);
    expect(stored.map((event) => event.id).sort()).toEqual([...ids].sort());
    // Filed under the guest session the page holds; the query string never kept.
    expect(new Set(stored.map((event) => event.guest_id)).size).toBe(1);
    expect(stored.every((event) => event.guest_id !== null && event.citizen_id === null)).toBe(true);
    // Every event named that guest as its sender, those queued before the socket opened too.
    const guestId = stored[0]?.guest_id ?? null;
    expect([...dropped, ...second].map(idsOf)).toEqual([...dropped, ...second].map(() => [null, guestId]));
    expect(
      stored.every((event) => !(JSON.parse(event.payload) as { currentUrl: string }).currentUrl.includes('?')),
    ).toBe(true);

    // The tab's first visit is also the browser's last-visit time, kept beyond the tab.
    const firstVisit = await visitTimes();
    expect(Number(firstVisit.visitedAt)).toBeGreaterThan(0);
    expect(firstVisit.lastVisitAt).toBe(firstVisit.visitedAt);

    // A reload is the same tab session: no second session_user_visited, and the visit times stay.
    await page.reload();
    await page.locator('main').waitFor();
    await expect.poll(() => framesByConnection.length, { timeout: 15_000 }).toBe(3);
    await expect.poll(() => framesByConnection[2]?.length ?? 0, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    expect(sentEvents(framesByConnection[2] ?? []).map((event) => event.data.eventName)).toEqual(['page_viewed']);
    expect(await visitTimes()).toEqual(firstVisit);
  });

  it('closes the socket and sends nothing more the moment consent is withdrawn', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    let socket: WebSocket | undefined;
    const frames: string[] = [];
    page.on('websocket', (opened) => {
      socket = opened;
      opened.on('framesent', (frame) => frames.push(String(frame.payload)));
    });
    await openStage();
    await consentToAnalyticsOnly();
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBe(2);
    expect((await visitTimes()).lastVisitAt).not.toBeNull();
    const closed = new Promise<void>((resolve) => socket?.on('close', () => resolve()));

    await page.getByRole('contentinfo').getByRole('button', { name: 'Privacy settings' }).click();
    await banner().waitFor();
    await banner().getByRole('button', { name: 'Reject all' }).click();
    await closed;
    // Nothing of the analytics stays in the tab or the browser.
    expect(await visitTimes()).toEqual({ visitedAt: null, lastVisitAt: null });

    const sockets: string[] = [];
    page.on('websocket', (opened) => sockets.push(opened.url()));
    await page.locator('main a[href^="/p/"]').first().click();
    await page.waitForURL(/\/p\//);
    await page.waitForTimeout(1500);
    expect(frames).toHaveLength(2);
    expect(sockets).toEqual([]);
  });

  it('names a signed-in citizen as the sender, and moves the last-visit time on in a new tab', async () => {
    const context = await browser.newContext();
    page = await context.newPage();
    const frames: string[] = [];
    const watch = (tab: Page) =>
      tab.on('websocket', (opened) => opened.on('framesent', (frame) => frames.push(String(frame.payload))));
    watch(page);
    await signInAs(page, origin, 'alice', '/');
    await waitForHydration(page, 'section button[aria-controls]');
    await consentToAnalyticsOnly();
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBe(2);
    const first = sentEvents(frames);
    const stored = await waitForStored(first.map((event) => event.data.metadata.eventId));
    const alice = stored[0]?.citizen_id;
    expect(alice).toMatch(/^[0-9a-f-]{36}$/);
    // The id the server files the events under is the one they named; no guest id beside it.
    expect(stored.map((event) => [event.citizen_id, event.guest_id])).toEqual([
      [alice, null],
      [alice, null],
    ]);
    expect(first.map(idsOf)).toEqual([
      [alice, null],
      [alice, null],
    ]);
    // The page learnt the id from the server, never from a token: none is readable by its scripts.
    expect(await page.evaluate(() => document.cookie)).not.toMatch(/token/);
    const firstTab = await visitTimes();
    expect(firstTab.lastVisitAt).toBe(firstTab.visitedAt);

    // A new tab is a new tab session: its first visit is the browser's last visit now; the first tab keeps its own.
    await page.waitForTimeout(20);
    const second = await context.newPage();
    watch(second);
    await second.goto(`${origin}/`);
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBe(4);
    expect(sentEvents(frames.slice(2)).map((event) => [event.data.eventName, ...idsOf(event)])).toEqual([
      ['session_user_visited', alice, null],
      ['page_viewed', alice, null],
    ]);
    const secondTab = await visitTimes(second);
    expect(Number(secondTab.visitedAt)).toBeGreaterThan(Number(firstTab.visitedAt));
    expect(secondTab.lastVisitAt).toBe(secondTab.visitedAt);
    expect((await visitTimes()).visitedAt).toBe(firstTab.visitedAt);
  });
});
