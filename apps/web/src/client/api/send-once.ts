import type { ContractRequest } from './contract-request';
import type { SendResult } from './session-keeper';

/** What one exchange needs of the client's environment (environment.ts): where, how long, and with what. */
export interface Transport {
  /** '' in the browser (same origin); an absolute origin in tests. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly fetchFn?: typeof fetch;
}

const anySignal = (signals: AbortSignal[]): AbortSignal => {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any(signals);
  const controller = new AbortController();
  for (const signal of signals) signal.addEventListener('abort', () => controller.abort(signal.reason), { once: true });
  return controller.signal;
};

const parseJson = (text: string): { ok: true; value: unknown } | { ok: false; error: string } => {
  try {
    return { ok: true, value: text ? JSON.parse(text) : null };
  } catch (error) {
    return { ok: false, error: String(error) };
  }
};

/**
 * One HTTP exchange with RTK Query's failure kinds: FETCH_ERROR (no answer), TIMEOUT_ERROR (no answer in
 * time), PARSING_ERROR (a success whose body is not JSON), or the HTTP status with the error body. Cookies go along (`same-origin`): the session tokens are httpOnly cookies.
 */
export async function sendOnce(
  environment: Transport,
  request: ContractRequest,
  signal: AbortSignal,
): Promise<SendResult> {
  const timeout = new AbortController();
  const timer = setTimeout(
    () => timeout.abort(new DOMException('The call timed out', 'TimeoutError')),
    environment.timeoutMs,
  );
  const failure = (error: unknown): SendResult => ({
    error: { status: timeout.signal.aborted ? 'TIMEOUT_ERROR' : 'FETCH_ERROR', error: String(error) },
  });
  const headers = new Headers({ accept: 'application/json', ...request.headers });
  if (request.body !== undefined) headers.set('content-type', 'application/json');
  try {
    let response: Response;
    let text: string;
    try {
      response = await (environment.fetchFn ?? fetch)(`${environment.baseUrl}${request.url}`, {
        method: request.method,
        headers,
        credentials: 'same-origin',
        signal: anySignal([signal, timeout.signal]),
        ...(request.body !== undefined ? { body: JSON.stringify(request.body) } : {}),
      });
      text = await response.text();
    } catch (error) {
      return failure(error);
    }
    const json = parseJson(text);
    if (!response.ok) return { error: { status: response.status, data: json.ok ? json.value : text } };
    if (!json.ok)
      return { error: { status: 'PARSING_ERROR', originalStatus: response.status, data: text, error: json.error } };
    // The body is not checked against the contract here: the server checks every answer against the same
    // schemas before sending it (a mismatch is its 500), and the browser bundle carries no schemas (zod).
    return { data: request.noContent ? undefined : json.value };
  } finally {
    clearTimeout(timer);
  }
}
