import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { retry } from '@reduxjs/toolkit/query';
import type { ContractRequest } from './contract-request';
import type { ClientEnvironment } from './environment';
import { type ApiError, toCustomError, unauthorizedError } from './errors';
import { shouldRetry, waitBetweenTries } from './retry-policy';
import { type SendResult, usesSession } from './session-keeper';

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
  environment: ClientEnvironment,
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

export function environmentOf(api: Pick<BaseQueryApi, 'extra'>): ClientEnvironment {
  const environment = api.extra as ClientEnvironment | undefined;
  if (!environment?.session) throw new Error('The store was made without a client environment (see makeStore)');
  return environment;
}

// Network failures of reads are tried again (docs/product.md §9); everything else fails at once (0 retries).
const sendOnceWithStore: BaseQueryFn<ContractRequest, unknown, ApiError> = (request, api) =>
  sendOnce(environmentOf(api), request, api.signal);

const sendWithRetries = retry(sendOnceWithStore, {
  retryCondition: (error, request, { attempt }) => shouldRetry(error as ApiError, request as ContractRequest, attempt),
});

/**
 * The base query of every slice: makes sure the session is usable before sending (refresh or guest token),
 * refreshes once after a 401 and sends again, and names the custom errors of docs/product.md §8.
 */
export const contractBaseQuery: BaseQueryFn<ContractRequest, unknown, ApiError> = async (request, api) => {
  const environment = environmentOf(api);
  const send = async () =>
    (await sendWithRetries(request, api, {
      backoff: waitBetweenTries(environment.networkRetryIntervalMs),
    })) as SendResult;
  const result = await sendWithSession(environment, request.access, send);
  return result.error ? { error: toCustomError(result.error) } : { data: result.data };
};

/**
 * Sends with a usable session: refreshes a citizen token about to expire (or gets a guest token) first, and
 * after a 401 refreshes once and sends again. Every call goes through it, upload parts included.
 */
export async function sendWithSession(
  environment: ClientEnvironment,
  access: ContractRequest['access'],
  send: () => Promise<SendResult>,
): Promise<SendResult> {
  const prepared = await environment.session.prepare(access);
  if (prepared.kind === 'signInAgain') return { error: unauthorizedError(prepared.redirectUrl) };
  const generation = environment.session.generation();
  let result = await send();
  if (result.error?.status === 401 && usesSession(access)) {
    const recovered = await environment.session.recover(access, generation);
    if (recovered.kind === 'signInAgain') return { error: unauthorizedError(recovered.redirectUrl) };
    if (recovered.kind === 'ready') result = await send();
  }
  return result;
}
