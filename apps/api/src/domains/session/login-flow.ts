import { timingSafeEqual } from 'node:crypto';
import { LANGUAGE_COOKIE, NavigateTo } from '@civitas/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { AUTH_COOKIE_PATH, cookieOptions, readCookie, sessionCookieNames } from '../../http/auth/cookies.js';
import { WEB_CLIENT_ID, webCallbackPath } from '../identity/clients.js';
import { s256 } from '../identity/oauth/authorization-codes.js';
import { withParams } from '../identity/oauth/authorize.js';
import { grantTokens } from '../identity/oauth/token-grants.js';
import { randomToken } from '../identity/secrets.js';
import { adoptProfileLanguage, setCitizenCookies } from './session-cookies.js';

const LoginQuery = z.object({ next: NavigateTo.optional() });
const CallbackQuery = z.object({
  code: z.string().max(200).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(100).optional(),
});

const sameSecret = (a: string | undefined, b: string | undefined) =>
  a !== undefined && b !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * The web app as an OAuth client of our own authorization server (authorization code + PKCE S256):
 * GET /api/auth/login keeps the verifier, state and destination in short-lived httpOnly cookies and sends the
 * browser to authorize; GET /api/auth/callback checks the state, redeems the code with the verifier and
 * turns the tokens into session cookies. No token ever appears in a URL or reaches page scripts.
 */
export function registerLoginFlow(app: FastifyInstance, ctx: AppContext): void {
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  const callbackUrl = new URL(webCallbackPath, ctx.config.PUBLIC_URL).toString();
  const flowCookie = cookieOptions(names, { httpOnly: true, path: AUTH_COOKIE_PATH });

  app.get('/api/auth/login', { schema: { hide: true } }, async (request, reply) => {
    const parsed = LoginQuery.safeParse(request.query);
    const next = parsed.success ? (parsed.data.next ?? '/') : '/';
    const verifier = randomToken();
    const state = randomToken();
    reply
      .setCookie(names.pkceVerifier, verifier, flowCookie)
      .setCookie(names.oauthState, state, flowCookie)
      .setCookie(names.navigateTo, next, flowCookie);
    const authorize = new URL('/api/identity/oauth/authorize', ctx.config.PUBLIC_URL).toString();
    return reply.redirect(
      withParams(authorize, {
        response_type: 'code',
        client_id: WEB_CLIENT_ID,
        redirect_uri: callbackUrl,
        state,
        code_challenge: s256(verifier),
        code_challenge_method: 'S256',
      }),
    );
  });

  app.get(webCallbackPath, { schema: { hide: true } }, async (request, reply) => {
    const query = CallbackQuery.safeParse(request.query);
    const verifier = readCookie(request, names.pkceVerifier);
    const expectedState = readCookie(request, names.oauthState);
    const next = NavigateTo.safeParse(readCookie(request, names.navigateTo)).data ?? '/';
    const clearFlow = () => {
      for (const name of [names.pkceVerifier, names.oauthState, names.navigateTo]) reply.clearCookie(name, flowCookie);
    };
    // A failed or forged callback ends its own sign-in flow only: any site can send a browser here, so it must
    // not sign out the session the browser already has (logout itself checks where it was asked from).
    const fail = (reason: string) => {
      clearFlow();
      return reply.redirect(`/sign-in?error=${encodeURIComponent(reason)}`);
    };
    if (!query.success || query.data.error) return fail(query.data?.error ?? 'invalid_request');
    if (!query.data.code || !verifier || !sameSecret(query.data.state, expectedState)) return fail('state_mismatch');
    const grant = await grantTokens(ctx, {
      grant_type: 'authorization_code',
      code: query.data.code,
      redirect_uri: callbackUrl,
      client_id: WEB_CLIENT_ID,
      code_verifier: verifier,
    });
    if (!grant.ok) return fail('invalid_grant');
    clearFlow();
    setCitizenCookies(ctx, reply, grant);
    if (!readCookie(request, LANGUAGE_COOKIE)) await adoptProfileLanguage(ctx, reply, grant.citizenId);
    return reply.redirect(next);
  });
}
