/**
 * A Sentry-protocol DSN, `{protocol}//{publicKey}[:secret]@{host}[:port]/[{pathPrefix}/]{projectId}`, in the
 * parts that name where reports go. The secret is left out: SDKs drop it from the envelope header they send.
 */
export interface Dsn {
  readonly protocol: 'http:' | 'https:';
  /** Host name and port, as `URL.host` gives them (the default port omitted). */
  readonly host: string;
  readonly publicKey: string;
  /** Empty, or `/a/b`: a path the DSN's host serves Sentry under. */
  readonly pathPrefix: string;
  readonly projectId: string;
}

/** The DSN's parts, or null when `text` is not a DSN. */
export function parseDsn(text: string): Dsn | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (!url.username || url.search || url.hash) return null;
  const match = /^((?:\/[^/]+)*)\/([^/]+)$/.exec(url.pathname);
  if (!match?.[2]) return null;
  return {
    protocol: url.protocol,
    host: url.host,
    publicKey: url.username,
    pathPrefix: match[1] ?? '',
    projectId: match[2],
  };
}

/** Whether two DSNs send to the same project of the same host with the same key. */
export const sameDsn = (a: Dsn, b: Dsn): boolean =>
  a.protocol === b.protocol &&
  a.host === b.host &&
  a.publicKey === b.publicKey &&
  a.pathPrefix === b.pathPrefix &&
  a.projectId === b.projectId;

/** Where the DSN's host takes envelopes (what the SDK would post to without a tunnel, less the key). */
export const envelopeEndpoint = (dsn: Dsn): string =>
  `${dsn.protocol}//${dsn.host}${dsn.pathPrefix}/api/${dsn.projectId}/envelope/`;

/**
 * The DSN reports go to, when reporting runs: a DSN is set and APP_ENV is prod, uat or test (docs/product.md §1). Takes the
 * two settings by shape: config.ts checks SENTRY_DSN with `parseDsn`, so this file does not import it back.
 */
export function reportingDsn(config: {
  readonly APP_ENV: string;
  readonly SENTRY_DSN?: string | undefined;
}): Dsn | null {
  const reporting = config.APP_ENV === 'prod' || config.APP_ENV === 'uat' || config.APP_ENV === 'test';
  return reporting && config.SENTRY_DSN ? parseDsn(config.SENTRY_DSN) : null;
}
