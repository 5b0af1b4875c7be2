import type { MachineScope } from '@civitas/contract';
import { errors, type JWTHeaderParameters, type JWTPayload, jwtVerify, SignJWT } from 'jose';
import type { KeyRing } from './key-ring.js';
import type { SignOuts } from './sign-outs.js';
import { SIGNING_ALG } from './signing-keys.js';

export const TOKEN_AUDIENCE = 'civitas-api';

/**
 * How long a guest's token lives (a day; renewed while still valid, domains/session/refresh-guest.ts). Here with
 * the tokens, since key rotation (rotation.ts) must wait out the longest-lived token a key signed.
 */
export const GUEST_TOKEN_TTL_SECONDS = 24 * 3600;

export type Caller =
  | { kind: 'citizen'; citizenId: string; username: string }
  | { kind: 'guest'; guestId: string }
  | { kind: 'machine'; clientId: string; scopes: readonly MachineScope[] };

export type CitizenCaller = Extract<Caller, { kind: 'citizen' }>;

interface TokenClaims extends JWTPayload {
  kind: Caller['kind'];
  username?: string;
  scope?: string;
}

export interface TokenService {
  issue(caller: Caller, ttlSeconds: number): Promise<string>;
  /** The caller a token names, or null when it is missing, expired, tampered or not ours. */
  verify(token: string): Promise<Caller | null>;
  /** As verify, with the token's expiry (epoch ms), for session cookies and the session endpoint. */
  verifyWithExpiry(token: string): Promise<{ caller: Caller; expiresAt: number } | null>;
  /**
   * The caller of a token this process has already verified and that is still valid, without waiting;
   * undefined for any other (http/express-lane.ts then leaves the request to the full check).
   */
  known(token: string): Caller | undefined;
}

const MAX_CACHED = 10_000;

const NEVER_ENDED: Pick<SignOuts, 'ended'> = { ended: () => false };

export function createTokenService(
  keys: KeyRing,
  issuer: string,
  signOuts: Pick<SignOuts, 'ended'> = NEVER_ENDED,
): TokenService {
  // Verified tokens are remembered until they expire (or their key is retired, or their account is signed out
  // everywhere): a signature check per request is the hot path's largest cost.
  const verified = new Map<string, { caller: Caller; expiresAt: number; issuedAt: number; kid: string | undefined }>();
  const live = (entry: { caller: Caller; expiresAt: number; issuedAt: number; kid: string | undefined }) =>
    entry.expiresAt > Date.now() &&
    keys.verifies(entry.kid) &&
    !(entry.caller.kind === 'citizen' && signOuts.ended(entry.caller.citizenId, entry.issuedAt));

  const toCaller = (claims: TokenClaims): Caller | null => {
    if (typeof claims.sub !== 'string') return null;
    if (claims.kind === 'citizen' && typeof claims.username === 'string') {
      return { kind: 'citizen', citizenId: claims.sub, username: claims.username };
    }
    if (claims.kind === 'guest') return { kind: 'guest', guestId: claims.sub };
    if (claims.kind === 'machine') {
      const scopes = (claims.scope ?? '').split(' ').filter(Boolean) as MachineScope[];
      return { kind: 'machine', clientId: claims.sub, scopes };
    }
    return null;
  };

  // The key named by the token's kid (a token without one: the signing key); an unknown kid fails like a bad signature.
  const verificationKey = async (header: JWTHeaderParameters) => {
    const key = await keys.verificationKey(header.kid);
    if (!key) throw new errors.JWKSNoMatchingKey();
    return key;
  };

  return {
    async issue(caller, ttlSeconds) {
      const claims: TokenClaims =
        caller.kind === 'citizen'
          ? { kind: 'citizen', username: caller.username }
          : caller.kind === 'machine'
            ? { kind: 'machine', scope: caller.scopes.join(' ') }
            : { kind: 'guest' };
      const subject =
        caller.kind === 'citizen' ? caller.citizenId : caller.kind === 'guest' ? caller.guestId : caller.clientId;
      const key = await keys.signingKey();
      return new SignJWT(claims)
        .setProtectedHeader({ alg: SIGNING_ALG, typ: 'at+jwt', kid: key.kid })
        .setIssuer(issuer)
        .setAudience(TOKEN_AUDIENCE)
        .setSubject(subject)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key.privateKey);
    },

    async verify(token) {
      return (await this.verifyWithExpiry(token))?.caller ?? null;
    },

    known(token) {
      const cached = verified.get(token);
      return cached && live(cached) ? cached.caller : undefined;
    },

    async verifyWithExpiry(token) {
      const cached = verified.get(token);
      if (cached) {
        if (live(cached)) return cached;
        verified.delete(token);
        return null;
      }
      try {
        const { payload, protectedHeader } = await jwtVerify<TokenClaims>(token, verificationKey, {
          issuer,
          audience: TOKEN_AUDIENCE,
          algorithms: [SIGNING_ALG],
          typ: 'at+jwt',
        });
        const caller = toCaller(payload);
        if (!caller || !payload.exp) return null;
        const entry = { caller, expiresAt: payload.exp * 1000, issuedAt: payload.iat ?? 0, kid: protectedHeader.kid };
        if (!live(entry)) return null;
        if (verified.size >= MAX_CACHED) verified.clear();
        verified.set(token, entry);
        return { caller, expiresAt: entry.expiresAt };
      } catch (error) {
        if (error instanceof errors.JOSEError || error instanceof TypeError) return null;
        throw error;
      }
    },
  };
}
