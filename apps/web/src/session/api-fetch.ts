/**
 * Calls from the web server to the API. Both run in one process (apps/api/src/web/mount.ts), so they go over HTTP
 * to the loopback address the API process hands over at start (`CIVITAS_API_ORIGIN`), never through the
 * public URL and its proxies.
 */
export function apiOrigin(): string {
  return process.env.CIVITAS_API_ORIGIN ?? `http://127.0.0.1:${process.env.PORT ?? '3000'}`;
}

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT';
  /** Sent as JSON. */
  body?: unknown;
  /** A bearer token (citizen or machine) for the call. */
  token?: string | undefined;
  /** A raw Cookie header, for the own-origin session routes. */
  cookie?: string | undefined;
  /** Extra headers, e.g. the endpoint's `X-API-Version`. */
  headers?: Readonly<Record<string, string>>;
  signal?: AbortSignal;
}

const TIMEOUT_MS = 10_000;

/** One server-side API call; never cached by Next (answers depend on who asks). */
export function apiFetch(path: string, options: ApiFetchOptions = {}): Promise<Response> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  // Tells the API's abuse limits that this call is the web server's own (apps/api/src/http/abuse-limits.ts).
  const renderKey = process.env.CIVITAS_RENDER_KEY;
  if (renderKey) headers['x-civitas-render-key'] = renderKey;
  return fetch(new URL(path, apiOrigin()), {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    cache: 'no-store',
    signal: options.signal ?? AbortSignal.timeout(TIMEOUT_MS),
  });
}
