/** How long the error-report service may take to answer before the tunnel gives up (502). */
export const FORWARD_TIMEOUT_MS = 5000;

export type ForwardResult =
  | { readonly ok: true; readonly rateLimits: string | null }
  | { readonly ok: false; readonly problem: string; readonly rateLimits: string | null };

/**
 * Posts an envelope as it came to the error-report service. Nothing of the caller's request goes with it
 * but the bytes: no cookies, no authorization, no forwarded-for. Redirects are not followed, so the bytes
 * reach the configured host or nobody. `rateLimits` is the service's `X-Sentry-Rate-Limits`, for the SDK.
 */
export async function forwardEnvelope(
  endpoint: string,
  envelope: Buffer,
  timeoutMs = FORWARD_TIMEOUT_MS,
): Promise<ForwardResult> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      body: new Uint8Array(envelope),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return { ok: false, problem: timedOut ? 'timed out' : 'unreachable', rateLimits: null };
  }
  // The answer's body (an event id) is of no use to the browser; release the connection.
  await response.body?.cancel().catch(() => {});
  const rateLimits = response.headers.get('x-sentry-rate-limits');
  if (response.status >= 200 && response.status < 300) return { ok: true, rateLimits };
  return { ok: false, problem: `answered ${response.status}`, rateLimits };
}
