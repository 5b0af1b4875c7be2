import type { BaseQueryApi, BaseQueryFn } from '@reduxjs/toolkit/query';
import { retry } from '@reduxjs/toolkit/query';
import type { ContractRequest } from './contract-request';
import type { ClientEnvironment } from './environment';
import { type ApiError, toCustomError, unauthorizedError } from './errors';
import { shouldRetry, waitBetweenTries } from './retry-policy';
import { sendOnce } from './send-once';
import { type SendResult, usesSession } from './session-keeper';

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
