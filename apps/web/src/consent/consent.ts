import {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  type Consent,
  serializeConsent,
} from '@civitas/contract/routes-table';

// The cookie's format is the contract's, shared with the API (packages/contract/src/consent.ts).
export {
  CONSENT_COOKIE,
  type Consent,
  NO_CONSENT,
  parseConsent,
  readConsent,
  serializeConsent,
} from '@civitas/contract/routes-table';

/** The footer's "Privacy settings" asks the banner to open again with this event. */
export const OPEN_CONSENT_EVENT = 'civitas:open-consent';

/** Sent on `window` with the new `Consent` as its detail whenever the visitor answers the banner. */
export const CONSENT_CHANGED_EVENT = 'civitas:consent-changed';

/** The `document.cookie` assignment that stores an answer. */
export function consentCookie(consent: Consent, secure: boolean): string {
  const attributes = [`Max-Age=${CONSENT_MAX_AGE_SECONDS}`, 'Path=/', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  return `${CONSENT_COOKIE}=${serializeConsent(consent)}; ${attributes.join('; ')}`;
}
