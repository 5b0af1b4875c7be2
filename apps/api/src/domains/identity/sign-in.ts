import { signIn } from '@civitas/contract';
import { addressKey } from '../../http/address-key.js';
import { openBlob } from '../../http/auth/signed-blob.js';
import { AppError, badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { findByLogin } from './account-lookup.js';
import { issueAuthorizationCode } from './oauth/authorization-codes.js';
import { INTERACTION_PURPOSE, type Interaction, withParams } from './oauth/authorize.js';
import { passwordMatches } from './passwords.js';

const ACCOUNT_WINDOW_MS = 15 * 60_000;
/** All addresses together get this many times one address's failed sign-ins on an account. */
const ACCOUNT_ADDRESSES_FACTOR = 10;

/**
 * Checks credentials for a sealed authorization request and answers with the client's redirect URI carrying
 * a fresh single-use code. Wrong username and wrong password answer alike; failures per account are limited.
 */
export default defineRoute(signIn, async ({ body, ctx, reply, request }) => {
  const now = ctx.now();
  const interaction = openBlob(ctx.keys.cursorSecret, INTERACTION_PURPOSE, body.interaction, now) as Interaction | null;
  if (!interaction)
    throw badRequest('SIGN_IN_REQUEST_EXPIRED', 'This sign-in page has expired; start signing in again');

  // Failed passwords are counted per login as typed and address (ACCOUNT_FAILURE_LIMIT), and per account over
  // all addresses (ten times that). Refused attempts count for nothing, so one address, past its own limit, cannot
  // go on to lock the citizen out everywhere; and the address's count is the login's as typed, so a lock there
  // never tells which email belongs to which username.
  const login = body.login.trim().toLowerCase();
  const citizen = await findByLogin(ctx.db, body.login);
  const fromAddress = `sign-in:${login}:${addressKey(request.ip)}`;
  const account = `sign-in:${citizen?.id ?? login}`;
  const limit = ctx.config.ACCOUNT_FAILURE_LIMIT;
  const locked = Math.max(
    await ctx.limiter.peek(fromAddress, limit),
    await ctx.limiter.peek(account, limit * ACCOUNT_ADDRESSES_FACTOR),
  );
  if (locked > 0) {
    reply.header('retry-after', String(locked));
    throw new AppError(
      429,
      'TOO_MANY_ATTEMPTS',
      `Too many attempts for this account; try again in ${Math.ceil(locked / 60)} minutes`,
    );
  }
  if (!(await passwordMatches(citizen?.password_hash ?? null, body.password)) || !citizen) {
    await Promise.all([
      ctx.limiter.hit(fromAddress, limit, ACCOUNT_WINDOW_MS),
      ctx.limiter.hit(account, limit * ACCOUNT_ADDRESSES_FACTOR, ACCOUNT_WINDOW_MS),
    ]);
    throw new AppError(401, 'INVALID_CREDENTIALS', 'That username or email and password do not match');
  }
  await Promise.all([ctx.limiter.reset(fromAddress), ctx.limiter.reset(account)]);
  // Told only to someone who knows the password, as the unverified email below is (ADR 070).
  if (citizen.suspended_at !== null) {
    throw new AppError(
      403,
      'ACCOUNT_SUSPENDED',
      'This account is suspended by the moderators; it cannot sign in while the suspension stands',
    );
  }
  if (citizen.email_verified_at === null) {
    // Where to enter the code: only someone who knows the password learns the account's id.
    const verifyPage = new URL('/verify-email', ctx.config.PUBLIC_URL);
    verifyPage.searchParams.set('influencerId', citizen.id);
    throw new AppError(
      403,
      'EMAIL_NOT_VERIFIED',
      'Confirm your email address with the code we sent before signing in',
      verifyPage.href,
    );
  }
  const code = await issueAuthorizationCode(
    ctx.db,
    {
      clientId: interaction.clientId,
      citizenId: citizen.id,
      redirectUri: interaction.redirectUri,
      codeChallenge: interaction.codeChallenge,
    },
    now,
  );
  return { redirectUrl: withParams(interaction.redirectUri, { code, state: interaction.state }) };
});
