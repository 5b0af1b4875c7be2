import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser';
import { callApi, runCli } from './support/cli';
import { dismissConsent, phonePage, signInAs } from './support/demo';

/**
 * A friends-only post's picture follows the post's audience (ADR 075), in a real browser on the shared demo world:
 * dave, carol's friend, sees her friends-only picture load (the browser sends the session cookie with the
 * same-origin image request); once he unfriends her, the same address answers 404 from his page. The friendship
 * is restored before the file ends, so the journeys after it read the demo world as written.
 */
const origin = inject('origin');
const dataDir = inject('dataDir');

const CAROL_PRIVATE = 'Contact sheet from the Tempelhof shoot';

let browser: Browser;
const contexts: BrowserContext[] = [];
const tokens = { carol: '', dave: '' };
const ids = { carol: '', dave: '', post: '' };

const mint = async (username: string) =>
  (await runCli({ dataDir, origin }, 'mint-token', '--username', username, '--ttl', '3600')).split('\n').at(-1) ?? '';

/** A graph call with no body (so no content type), as the web client sends one; its status and parsed body. */
async function post<T>(path: string, token: string): Promise<{ status: number; body: T }> {
  const answer = await fetch(`${origin}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, body: (await answer.json().catch(() => null)) as T };
}

/** carol and dave friends again, as demo.ts made them, whatever a failed journey left. */
async function befriendAgain(): Promise<void> {
  const sent = await post<{ friendRequestId?: string }>(
    `/api/users/influencers/me/friend-request/${ids.carol}`,
    tokens.dave,
  );
  if (sent.status !== 201 || !sent.body.friendRequestId) return; // still friends (or already asked)
  const approved = await post(
    `/api/users/influencers/me/approve-friend-request/${sent.body.friendRequestId}`,
    tokens.carol,
  );
  expect(approved.status).toBeLessThan(300);
}

beforeAll(async () => {
  browser = await launchChromium();
  tokens.carol = await mint('carol');
  tokens.dave = await mint('dave');
  for (const [name, reader] of [
    ['carol', 'dave'],
    ['dave', 'carol'],
  ] as const) {
    const profile = await callApi<{ id: string }>(origin, `/api/users/influencers/profile/${name}`, tokens[reader]);
    expect(profile.status).toBe(200);
    ids[name] = profile.body.id;
  }
  const feed = await callApi<{ data: { id: string; caption: { content: string } }[] }>(
    origin,
    '/api/content/v2/feed/profile/private',
    tokens.carol,
  );
  const post = feed.body.data.find((candidate) => candidate.caption.content.startsWith(CAROL_PRIVATE));
  if (!post) throw new Error(`carol has no friends-only post "${CAROL_PRIVATE}"`);
  ids.post = post.id;
});
afterAll(async () => {
  if (tokens.dave) await befriendAgain();
  await browser?.close();
});

const cookieNamed = async (context: BrowserContext, name: string) =>
  (await context.cookies()).find((cookie) => cookie.name === name);

/** What the page gets for an address when it asks the server itself (never the browser's cache). */
const fetchedFrom = (page: Page, url: string) =>
  page.evaluate(async (address) => {
    const answer = await fetch(address, { cache: 'no-store' });
    return { status: answer.status, cacheControl: answer.headers.get('cache-control') };
  }, url);

const loaded = (picture: Locator) =>
  picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth);

/** dave, signed in on a phone, on carol's friends-only post, its picture loaded; the address it was loaded from. */
async function carolsPictureSeenByDave() {
  const page = await phonePage(browser, contexts);
  await signInAs(page, origin, 'dave', '/');
  await page.goto(`${origin}/p/${ids.post}`);
  await dismissConsent(page);
  const picture = page.locator('main article picture img').first();
  await expect.poll(() => loaded(picture)).toBeGreaterThan(0);
  const address = await picture.evaluate((image: HTMLImageElement) => image.currentSrc);
  return { page, picture, address };
}

describe("a friends-only post's picture", () => {
  it('loads for a friend, and is a 404 at the same address once he has unfriended the author', async () => {
    const { page, address } = await carolsPictureSeenByDave();
    expect(new URL(address).pathname).toMatch(new RegExp(`^/media/posts/${ids.post}/`));
    expect(await fetchedFrom(page, address)).toEqual({ status: 200, cacheControl: 'private, max-age=600' });

    const unfriended = await post(`/api/users/influencers/me/unfriend/${ids.carol}`, tokens.dave);
    expect(unfriended.status).toBeLessThan(300);
    expect((await fetchedFrom(page, address)).status).toBe(404);
    // A guest's browser (no session at all) never had it.
    const guest = await phonePage(browser, contexts);
    await guest.goto(`${origin}/`);
    expect((await fetchedFrom(guest, address)).status).toBe(404);

    await befriendAgain();
    expect((await fetchedFrom(page, address)).status).toBe(200);
  });

  it('is asked for again after the page renews a session whose token ran out while it was open', async () => {
    const { page, picture, address } = await carolsPictureSeenByDave();
    // The access token runs out while the page stays open: the browser drops its cookie, and the page's own
    // record of the expiry is in the past. A picture loaded lazily from now on is asked for without a token.
    // A page left alone that long sends nothing else meanwhile: it is let settle first (the prefetches and the
    // store that the consent banner's click let start), and its link prefetches from now on, which the web
    // server would answer with a renewed session, are held back, so that nothing renews it before the picture.
    await page.waitForLoadState('networkidle');
    await page.route('**/*', (route) => (route.request().headers().rsc ? route.abort() : route.fallback()));
    const context = page.context();
    await context.clearCookies({ name: 'civitas_citizen_token' });
    await context.addCookies([
      { name: 'civitas_session_expires', value: String(Date.now() - 60_000), url: origin, sameSite: 'Lax' },
    ]);
    const answers: number[] = [];
    const lateAddress = `${address}${address.includes('?') ? '&' : '?'}late=1`;
    page.on('response', (response) => {
      if (response.url() === lateAddress) answers.push(response.status());
    });
    // The picture as one scrolled into view now would be: a new request for it (its <source> set aside, so that
    // the browser asks for exactly this address).
    await picture.evaluate((image: HTMLImageElement, late: string) => {
      image.parentElement?.querySelector('source')?.remove();
      image.setAttribute('src', late);
    }, lateAddress);
    await expect.poll(() => answers).toEqual([404, 200]);
    await expect.poll(() => loaded(picture)).toBeGreaterThan(0);
    expect((await cookieNamed(context, 'civitas_citizen_token'))?.value).toBeTruthy();
  });
});
