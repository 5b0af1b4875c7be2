import { CONSENT_COOKIE, NO_CONSENT, serializeConsent, THEME_COOKIE } from '@civitas/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AppContext } from '../../src/context.js';
import type { DemoWorld } from '../../src/seed/demo.js';
import { hasWebBuild } from '../../src/web/mount.js';
import { type DemoSite, startDemoSite } from './demo-site.js';

// Served from the production web build, as web-shell.test.ts explains (`npm run build:web` first).
describe.skipIf(!hasWebBuild())('guests asking the same page in the same moment (ADR 042)', () => {
  let site: DemoSite;
  let ctx: AppContext;
  let world: DemoWorld;
  let baseUrl: string;
  let renamed = 0;

  beforeAll(async () => {
    // A minute instead of a second, so that "kept" cannot be mistaken for "rendered again within the second".
    site = await startDemoSite({ GUEST_PAGE_CACHE_MS: '60000' });
    ({ ctx, world, baseUrl } = site);
  });

  afterAll(async () => {
    await site?.close();
  });

  /** Gives alice a new display name in the database, which only a page rendered from now on shows. */
  const renameAlice = async (): Promise<string> => {
    renamed += 1;
    const name = `Alice Renamed ${renamed}`;
    await ctx.db
      .updateTable('citizens')
      .set({ display_name: name, display_name_key: name.toLowerCase() })
      .where('id', '=', world.citizens.alice.id)
      .execute();
    return name;
  };

  // Each test starts from pages rendered anew: what one test kept does not answer the next.
  beforeEach(async () => {
    await ctx.cacheBus.announce('stage-changed');
  });

  /** Headers of an answer that differ between two answers of one page: framing, policy and date. */
  const PER_ANSWER = ['date', 'content-security-policy', 'content-encoding', 'content-length', 'transfer-encoding'];

  const get = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${baseUrl}${path}`, { headers: { 'accept-language': 'en-GB', ...headers } });
    const html = await response.text();
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    return { response, html, nonce };
  };

  const citizenCookie = async (username: 'bob') => {
    const token = await ctx.tokens.issue({ kind: 'citizen', citizenId: world.citizens[username].id, username }, 900);
    return `civitas_citizen_token=${token}; civitas_username=${username}`;
  };

  it('answers a second guest from the first guest’s page, with a nonce of its own on every script', async () => {
    const before = await renameAlice();
    const first = await get('/u/alice');
    expect(first.response.status).toBe(200);
    expect(first.html).toContain(before);
    await renameAlice();
    const second = await get('/u/alice');
    expect(second.response.status).toBe(200);
    expect(second.html).toContain(before);

    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    const noncesOn = (html: string) => [...html.matchAll(/\bnonce="([^"]*)"/g)].map((match) => match[1]);
    expect(noncesOn(second.html).length).toBeGreaterThan(2);
    expect(new Set(noncesOn(second.html))).toEqual(new Set([second.nonce]));
    expect(second.html).not.toContain(first.nonce as string);
    // The same page otherwise, byte for byte, and headers alike but for the policy and the date.
    expect(second.html.replaceAll(second.nonce as string, 'N')).toBe(first.html.replaceAll(first.nonce as string, 'N'));
    const headersOf = (response: Response) => [...response.headers].filter(([name]) => !PER_ANSWER.includes(name));
    expect(headersOf(second.response)).toEqual(headersOf(first.response));
  });

  it('gzips a kept page once around its nonces, and sends it plain to a client that takes no gzip', async () => {
    const first = await get('/u/alice', { 'accept-encoding': 'br' });
    expect(first.response.headers.get('content-encoding')).toBe('br');
    const gzipped = await get('/u/alice', { 'accept-encoding': 'gzip, deflate, br' });
    expect(gzipped.response.headers.get('content-encoding')).toBe('gzip');
    const sent = Number(gzipped.response.headers.get('content-length'));
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(Buffer.byteLength(gzipped.html) / 3);
    const plain = await get('/u/alice', { 'accept-encoding': 'identity' });
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    for (const answer of [gzipped, plain]) {
      expect(answer.html.replaceAll(answer.nonce as string, 'N')).toBe(
        first.html.replaceAll(first.nonce as string, 'N'),
      );
      expect(answer.html).toContain(`nonce="${answer.nonce}"`);
    }
  });

  it('renders a citizen’s page for them, and never keeps it for guests', async () => {
    const kept = await renameAlice();
    await get('/u/alice');
    const current = await renameAlice();
    const cookie = await citizenCookie('bob');
    const asBob = await get('/u/alice', { cookie });
    expect(asBob.html).toContain(current);
    expect(asBob.html).toContain('href="/me"');
    const asGuest = await get('/u/alice');
    expect(asGuest.html).toContain(kept);
    expect(asGuest.html).not.toContain('href="/me"');
  });

  it('keeps a page per address, language, consent answer and user agent', async () => {
    await renameAlice();
    await get('/u/alice');
    const current = await renameAlice();
    expect((await get('/u/alice?from=share')).html).toContain(current);
    expect((await get('/u/alice', { 'accept-language': 'de-DE' })).html).toContain(current);
    expect((await get('/u/alice', { 'user-agent': 'Googlebot/2.1' })).html).toContain(current);
    const answered = await get('/u/alice', { cookie: `${CONSENT_COOKIE}=${serializeConsent(NO_CONSENT)}` });
    expect(answered.html).toContain(current);
    // The consent banner is not in a page whose visitor has answered it.
    expect(answered.html).not.toContain('data-consent-heading');
  });

  it('keeps the page of guests who answered consent, chose a language and hold a guest token', async () => {
    const cookie = `${CONSENT_COOKIE}=${serializeConsent(NO_CONSENT)}; civitas_language=en; civitas_guest_token=a.b-c_d.e`;
    const kept = await renameAlice();
    expect((await get('/u/alice', { cookie })).html).toContain(kept);
    await renameAlice();
    expect((await get('/u/alice', { cookie })).html).toContain(kept);
  });

  it('keeps a page per theme: a guest who chose dark is answered a dark page, never a light one', async () => {
    const dark = { cookie: `${THEME_COOKIE}=dark` };
    await renameAlice();
    const light = await get('/u/alice');
    expect(light.html).not.toContain('data-theme="dark"');
    // Kept under its own key: the dark page is rendered (the new name), then answered again (the same name).
    const current = await renameAlice();
    const first = await get('/u/alice', dark);
    expect(first.html).toContain(current);
    expect(first.html).toContain('<html lang="en" data-theme="dark"');
    await renameAlice();
    const again = await get('/u/alice', dark);
    expect(again.html).toContain(current);
    expect(again.html).toContain('data-theme="dark"');
  });

  it('renders for a Cookie header that is not plainly those cookies, each once', async () => {
    await renameAlice();
    const plain = 'civitas_language=en';
    await get('/u/alice', { cookie: plain });
    const current = await renameAlice();
    for (const cookie of [
      // Each would otherwise fall on the kept page's key: a parser may take either of two values, and the guest
      // token's value, not in the key, could hide a session from a parser that splits at commas.
      'civitas_language=fr; civitas_language=en',
      `${plain}; civitas_guest_token=a, civitas_citizen_token=x`,
      'civitas_language',
      `${plain}; =x`,
    ]) {
      expect((await get('/u/alice', { cookie })).html, cookie).toContain(current);
    }
  });

  it('renders for a request with a cookie it does not know, and for the router’s data requests', async () => {
    await renameAlice();
    await get('/u/alice');
    const current = await renameAlice();
    expect((await get('/u/alice', { cookie: 'something_else=1' })).html).toContain(current);
    const data = await get('/u/alice', { rsc: '1' });
    expect(data.response.headers.get('content-type')).toMatch(/^text\/x-component/);
    expect(data.html).toContain(current);
  });

  it('never keeps an answer that sets a cookie', async () => {
    await renameAlice();
    // Choosing a language by the address sets the language cookie: that answer is its requester's alone.
    const chosen = await get('/u/alice?displayLanguage=fr');
    expect(chosen.response.headers.get('set-cookie')).toMatch(/^civitas_language=fr/);
    const current = await renameAlice();
    expect((await get('/u/alice?displayLanguage=fr')).html).toContain(current);
  });

  it('renders again once the stage has changed', async () => {
    await renameAlice();
    await get('/u/alice');
    const current = await renameAlice();
    await ctx.cacheBus.announce('stage-changed');
    expect((await get('/u/alice')).html).toContain(current);
  });
});
