/**
 * The visitor's consent (spec §1, §9): error reporting and analytics run only with it. Kept in a persistent,
 * readable cookie (one year), so both server rendering (no banner once answered) and page scripts (before
 * sending anything) can read it. The essential session cookies need no consent.
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

/** The footer's "Privacy settings" asks the banner to open again with this event. */
export const OPEN_CONSENT_EVENT = 'civitas:open-consent';

/** Sent on `window` with the new `Consent` as its detail whenever the visitor answers the banner. */
export const CONSENT_CHANGED_EVENT = 'civitas:consent-changed';

/** The stored answer, or null when the visitor has not answered yet (or the value is not ours). */
export function parseConsent(value: string | undefined): Consent | null {
  const match = value ? FORMAT.exec(value) : null;
  if (!match) return null;
  return { errorReporting: match[1] === '1', analytics: match[2] === '1' };
}

/** The `document.cookie` assignment that stores an answer. */
export function consentCookie(consent: Consent, secure: boolean): string {
  const attributes = [`Max-Age=${CONSENT_MAX_AGE_SECONDS}`, 'Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return `${CONSENT_COOKIE}=${serializeConsent(consent)}; ${attributes.join('; ')}`;
}
