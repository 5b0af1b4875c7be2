/**
 * The visitor's answer about error reporting, read from the cookie the web app's consent banner stores.
 * The format is the web app's (apps/web/src/consent/consent.ts: `CONSENT_COOKIE`, `serializeConsent`):
 * `v1.e<0|1>.a<0|1>`. A value of another version or shape is no consent, as it is there.
 */
export const CONSENT_COOKIE = 'civitas_consent';
const FORMAT = /^v1\.e([01])\.a[01]$/;

export const consentsToErrorReporting = (cookie: string | undefined): boolean => FORMAT.exec(cookie ?? '')?.[1] === '1';
