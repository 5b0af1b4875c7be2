/** What a form learns from one call to the API. */
export type ApiOutcome<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      /** 0 when the API could not be reached. */
      status: number;
      code?: string | undefined;
      /** Request fields the API refused, e.g. `email` for `body.email`. */
      fields: string[];
      /** Seconds to wait, from `Retry-After` on a 429. */
      retryAfter?: number | undefined;
      /** Where to go to recover, when the API names a page of ours (e.g. the code's page of an unconfirmed account). */
      recoveryPath?: string | undefined;
    };

interface ErrorBody {
  code?: unknown;
  details?: { path?: unknown }[];
  redirectUrl?: unknown;
}

/** The path and query of `address` when it is a page of this origin; nothing else is followed. */
function pathOnThisOrigin(address: unknown): string | undefined {
  if (typeof address !== 'string') return undefined;
  const url = new URL(address, window.location.origin);
  return url.origin === window.location.origin ? `${url.pathname}${url.search}` : undefined;
}

/**
 * A same-origin JSON POST from an account page. The browser adds `Origin`, which the API's CSRF check
 * compares with its own; no token is involved (these calls need no authorization).
 */
export async function postJson<T>(path: string, body: unknown): Promise<ApiOutcome<T>> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
  } catch {
    return { ok: false, status: 0, fields: [] };
  }
  const parsed: unknown = await response.json().catch(() => null);
  if (response.ok) return { ok: true, data: parsed as T };
  const error = (parsed ?? {}) as ErrorBody;
  const fields = (error.details ?? [])
    .map((detail) => (typeof detail.path === 'string' ? detail.path.replace(/^body\.?/, '') : ''))
    .filter(Boolean);
  const retryAfter = Number(response.headers.get('retry-after'));
  return {
    ok: false,
    status: response.status,
    code: typeof error.code === 'string' ? error.code : undefined,
    fields,
    retryAfter: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    recoveryPath: pathOnThisOrigin(error.redirectUrl),
  };
}

/** Whole minutes to wait (at least one) for a "try again in" message. */
export const minutesToWait = (retryAfter: number | undefined): number =>
  Math.max(1, Math.ceil((retryAfter ?? 60) / 60));
