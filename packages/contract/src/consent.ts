/*
 * The visitor's consent (docs/product.md §1, §9): error reporting and analytics run only with it. Kept in a persistent,
 * readable cookie (one year), so server rendering (no banner once answered), page scripts (before sending
 * anything) and the API (the error-report tunnel and server error reports, per request) all read the same
 * answer. The essential session cookies need no consent. Zod-free, so the browser bundle may carry it.
 */
export const CONSENT_COOKIE = 'civitas_consent';
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export interface Consent {
  readonly errorReporting: boolean;
  readonly analytics: boolean;
}

export const NO_CONSENT: Consent = { errorReporting: false, analytics: false };

/**
 * The version of the list of services asked about. When a service is added or its purpose changes, this
 * moves on and every visitor is asked again: an answer to an older list no longer counts.
 */
export const CONSENT_VERSION = 1;
const FORMAT = new RegExp(`^v${CONSENT_VERSION}\\.e([01])\\.a([01])$`);

export function serializeConsent(consent: Consent): string {
  return `v${CONSENT_VERSION}.e${consent.errorReporting ? 1 : 0}.a${consent.analytics ? 1 : 0}`;
}

/** The answer this browser stored (from `document.cookie`), or null. */
export function readConsent(cookieHeader: string): Consent | null {
  const value = cookieHeader
    .split(/;\s*/)
    .find((pair) => pair.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return parseConsent(value);
}

/** The stored answer, or null when the visitor has not answered yet (or the value is not ours). */
export function parseConsent(value: string | undefined): Consent | null {
  const match = value ? FORMAT.exec(value) : null;
  if (!match) return null;
  return { errorReporting: match[1] === '1', analytics: match[2] === '1' };
}
