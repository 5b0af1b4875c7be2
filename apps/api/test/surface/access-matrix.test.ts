import { allEndpoints, type EndpointDef } from '@civitas/contract';
import { generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../src/cli/commands/moderation.js';
import { TOKEN_AUDIENCE } from '../../src/http/auth/tokens.js';
import { createTestApp, guest, machine, type TestApp } from '../support/harness.js';
import { sampleUrl } from './endpoints.js';

// The permission matrix of docs/product.md §6 over every endpoint of the contract: the scoped access plugins must
// refuse each wrong identity before a handler runs.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const guarded = allEndpoints.filter((endpoint) => endpoint.access !== 'none');

async function signed(claims: Record<string, unknown>, options: { exp?: number; aud?: string; iss?: string } = {}) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ kind: 'citizen', username: 'alice', ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
    .setSubject(t.world.citizens.alice.id)
    .setIssuer(options.iss ?? t.ctx.config.PUBLIC_URL)
    .setAudience(options.aud ?? TOKEN_AUDIENCE)
    .setIssuedAt(now - 1000)
    .setExpirationTime(options.exp ?? now + 600)
    .sign((await t.ctx.keys.signing.signingKey()).privateKey);
}

describe.each(guarded.map((endpoint) => [`${endpoint.method} ${sampleUrl(endpoint)}`, endpoint] as const))(
  '%s',
  (_name, endpoint) => {
    const call = (as?: Parameters<TestApp['request']>[0]['as'], headers: Record<string, string> = {}) =>
      t.request({ method: endpoint.method, url: sampleUrl(endpoint), as, headers });

    it('is 401 without a token', async () => {
      const res = await call();
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    });

    it('is 401 with an expired, tampered, foreign, unsigned or mis-addressed token', async () => {
      const now = Math.floor(Date.now() / 1000);
      const valid = await signed({});
      const tampered = `${valid.slice(0, -4)}${valid.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
      const foreignKeys = await generateKeyPair('ES256');
      const foreign = await new SignJWT({ kind: 'citizen', username: 'alice' })
        .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' })
        .setSubject(t.world.citizens.alice.id)
        .setIssuer(t.ctx.config.PUBLIC_URL)
        .setAudience(TOKEN_AUDIENCE)
        .setExpirationTime(now + 600)
        .sign(foreignKeys.privateKey);
      const unsigned = new UnsecuredJWT({ kind: 'citizen', username: 'alice' })
        .setSubject(t.world.citizens.alice.id)
        .setIssuer(t.ctx.config.PUBLIC_URL)
        .setAudience(TOKEN_AUDIENCE)
        .encode();
      const tokens = [
        await signed({}, { exp: now - 5 }),
        tampered,
        foreign,
        unsigned,
        await signed({}, { aud: 'someone-else' }),
        await signed({}, { iss: 'https://evil.example' }),
      ];
      for (const token of tokens) {
        expect((await call(undefined, { authorization: `Bearer ${token}` })).statusCode, token).toBe(401);
      }
      expect((await call(undefined, { authorization: 'Basic YWxpY2U6cw==' })).statusCode).toBe(401);
    });

    it('is 403 for an identity the call does not accept', async () => {
      const wrong =
        endpoint.access === 'machine'
          ? ['alice' as const, guest]
          : endpoint.access === 'citizen'
            ? [guest, machine('content', 'social', 'users', 'graphs')]
            : [machine('content', 'social')];
      for (const who of wrong) {
        const res = await call(who);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('WRONG_IDENTITY');
      }
    });

    if (endpoint.access === 'machine') {
      it('is 403 for a machine token without the scope', async () => {
        const res = await call(machine('payments'));
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('MISSING_SCOPE');
      });
    }

    const role = (endpoint as EndpointDef).role;
    if (role) {
      it('is 403 for a citizen without the role it needs, and answered for one who holds it', async () => {
        const res = await call('bob');
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe('NOT_A_MODERATOR');
        await grantRole(t.ctx, 'carol', role);
        expect((await call('carol')).json().code).not.toBe('NOT_A_MODERATOR');
      });
    }

    it('is 400 for an unknown X-API-Version, naming the supported one', async () => {
      const res = await call('alice', { 'x-api-version': '0.1' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('UNSUPPORTED_API_VERSION');
      expect(res.json().message).toContain(endpoint.versions.at(-1));
    });
  },
);
