import type { Access } from '@civitas/contract';
import { routeTable } from '@civitas/contract/routes-table';
import { buildRequest, type ContractRequest } from './contract-request';
import { type ApiError, errorBodyOf } from './errors';
import { citizenSessionFromCookies, isExpiring } from './session-cookies';

export type SendResult = { data: unknown; error?: undefined } | { error: ApiError; data?: undefined };

/** What the session is ready for after a check or a refresh. */
export type SessionOutcome =
  | { readonly kind: 'ready' }
  | { readonly kind: 'signInAgain'; readonly redirectUrl?: string }
  | { readonly kind: 'failed'; readonly error: ApiError };

export interface SessionKeeperDeps {
  /** `document.cookie`: only the readable username and expiry cookies matter. */
  readCookies(): string;
  now(): number;
  /** Sends a session call without refreshing (the refresh calls must not refresh themselves). */
  send(request: ContractRequest): Promise<SendResult>;
  /** Sends the browser elsewhere (to sign in again). */
  redirect(url: string): void;
  /** The page to come back to after signing in again. */
  currentPath(): string;
}

export interface SessionKeeper {
  /** A counter that moves on every successful citizen refresh; taken before a call is sent. */
  generation(): number;
  /** Before sending: refresh a citizen token about to expire, or get a guest token when there is no session. */
  prepare(access: Access): Promise<SessionOutcome>;
  /**
   * After a 401 on a call that uses the session: refresh once, unless a refresh already succeeded since the
   * call went out (`sentInGeneration`), so the call can be sent again.
   */
  recover(access: Access, sentInGeneration: number): Promise<SessionOutcome>;
  /** Forgets what it knew of the guest token (after logout the server has cleared it). */
  forgetGuest(): void;
  /**
   * This page logs out: from now on it is a guest's. A call that was already out, and answers 401 because the
   * server revoked the sign-in, is neither refreshed nor allowed to send the browser to sign in, even while
   * the cookies the logout clears are still readable.
   */
  endCitizenSession(): void;
}

const READY: SessionOutcome = { kind: 'ready' };
const SIGNED_OUT: SessionOutcome = { kind: 'signInAgain' };

export const usesSession = (access: Access): boolean => access === 'citizen' || access === 'citizenOrGuest';

const redirectUrlOf = (error: ApiError): string | undefined => errorBodyOf(error.data)?.redirectUrl;

const expiresAtOf = (data: unknown): number | null =>
  typeof data === 'object' && data !== null && 'expiresAt' in data && typeof data.expiresAt === 'number'
    ? data.expiresAt
    : null;

/**
 * Keeps the browser session usable (docs/product.md §4, §8). Concurrent calls share one refresh: refresh tokens rotate
 * and a reused one revokes the whole sign-in, so two refreshes in flight at once would sign the person out.
 */
export function createSessionKeeper(deps: SessionKeeperDeps): SessionKeeper {
  let citizenRefresh: Promise<SessionOutcome> | null = null;
  let guestRefresh: Promise<SessionOutcome> | null = null;
  let refreshes = 0;
  let guestExpiresAt: number | null = null;
  let citizenEnded = false;
  const citizenSession = () => (citizenEnded ? null : citizenSessionFromCookies(deps.readCookies()));

  const refreshCitizen = (): Promise<SessionOutcome> => {
    citizenRefresh ??= (async (): Promise<SessionOutcome> => {
      const result = await deps.send(buildRequest(routeTable.refreshSession, { body: { next: deps.currentPath() } }));
      if (!result.error) {
        refreshes += 1;
        return READY;
      }
      if (citizenEnded) return SIGNED_OUT;
      const redirectUrl = redirectUrlOf(result.error);
      if (redirectUrl) {
        deps.redirect(redirectUrl);
        return { kind: 'signInAgain', redirectUrl };
      }
      if (result.error.status === 401) return { kind: 'signInAgain' };
      return { kind: 'failed', error: result.error };
    })().finally(() => {
      citizenRefresh = null;
    });
    return citizenRefresh;
  };

  const refreshGuest = (): Promise<SessionOutcome> => {
    guestRefresh ??= (async (): Promise<SessionOutcome> => {
      const result = await deps.send(buildRequest(routeTable.refreshGuestSession, undefined));
      if (result.error) return { kind: 'failed', error: result.error };
      guestExpiresAt = expiresAtOf(result.data);
      return READY;
    })().finally(() => {
      guestRefresh = null;
    });
    return guestRefresh;
  };

  return {
    generation: () => refreshes,

    async prepare(access) {
      if (!usesSession(access)) return READY;
      const citizen = citizenSession();
      if (citizen) return isExpiring(citizen.expiresAt, deps.now()) ? refreshCitizen() : READY;
      // Without a session a citizen-only call cannot succeed, and must not send anyone to sign in: this is
      // what a page still on screen asks for right after logout, while its cached data is being reset.
      if (access === 'citizen') return SIGNED_OUT;
      // Guests read with a guest token.
      if (access === 'citizenOrGuest' && (guestExpiresAt === null || isExpiring(guestExpiresAt, deps.now()))) {
        return refreshGuest();
      }
      return READY;
    },

    forgetGuest() {
      guestExpiresAt = null;
    },

    endCitizenSession() {
      citizenEnded = true;
    },

    async recover(access, sentInGeneration) {
      const citizen = citizenSession();
      if (citizen) return refreshes !== sentInGeneration ? READY : refreshCitizen();
      // The session ended while the call was out (a logout on this page): the call was the signed-out page's,
      // so it fails quietly, as in prepare(), instead of sending the person to sign in again.
      if (access === 'citizen') return SIGNED_OUT;
      guestExpiresAt = null;
      return refreshGuest();
    },
  };
}
