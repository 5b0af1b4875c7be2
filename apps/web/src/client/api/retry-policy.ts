import { MAX_NETWORK_RETRIES } from '../constants';
import type { ContractRequest } from './contract-request';
import type { ApiError } from './errors';

/**
 * Only a read that never reached the server is tried again (docs/product.md §8, §9): a write could have been applied
 * before the connection broke, and an HTTP answer (4xx, 5xx) or a timeout is final.
 */
export const shouldRetry = (error: ApiError, request: Pick<ContractRequest, 'method'>, attempt: number): boolean =>
  attempt <= MAX_NETWORK_RETRIES && request.method === 'GET' && error.status === 'FETCH_ERROR';

/** The wait between tries (RTK Query `retry` backoff): the network-error interval, cut short by an abort. */
export const waitBetweenTries =
  (intervalMs: number) =>
  (_attempt: number, _maxRetries: number, signal?: AbortSignal): Promise<void> =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new Error('Aborted'));
      const timer = setTimeout(resolve, intervalMs);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new Error('Aborted'));
        },
        { once: true },
      );
    });
