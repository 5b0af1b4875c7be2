import { NETWORK_RETRY_INTERVAL_MS, REQUEST_TIMEOUT_MS } from '../constants';
import { sendOnce } from './send-once';
import { createSessionKeeper, type SessionKeeper } from './session-keeper';

/**
 * What the data layer needs from the world, handed to the store as the thunk extra argument so every store
 * (one per browser tab, one per test) has its own session state and can be pointed at a test server.
 */
export interface ClientEnvironment {
  /** '' in the browser (same origin); an absolute origin in tests. */
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly networkRetryIntervalMs: number;
  readonly fetchFn?: typeof fetch;
  readonly session: SessionKeeper;
}

export interface EnvironmentOptions {
  readonly baseUrl?: string;
  readonly timeoutMs?: number;
  readonly networkRetryIntervalMs?: number;
  readonly fetchFn?: typeof fetch;
  readCookies(): string;
  redirect(url: string): void;
  currentPath(): string;
  now?(): number;
}

export function createClientEnvironment(options: EnvironmentOptions): ClientEnvironment {
  const environment: ClientEnvironment = {
    baseUrl: options.baseUrl ?? '',
    timeoutMs: options.timeoutMs ?? REQUEST_TIMEOUT_MS,
    networkRetryIntervalMs: options.networkRetryIntervalMs ?? NETWORK_RETRY_INTERVAL_MS,
    ...(options.fetchFn ? { fetchFn: options.fetchFn } : {}),
    session: createSessionKeeper({
      readCookies: options.readCookies,
      now: options.now ?? Date.now,
      redirect: options.redirect,
      currentPath: options.currentPath,
      // A refresh is shared by many calls, so it must not die with the one call that started it.
      send: (request) => sendOnce(environment, request, new AbortController().signal),
    }),
  };
  return environment;
}

/** The environment of a page: cookies of this origin, navigation through `location`. */
export function browserEnvironment(): ClientEnvironment {
  const inBrowser = typeof window !== 'undefined';
  return createClientEnvironment({
    readCookies: () => (inBrowser ? document.cookie : ''),
    redirect: (url) => {
      if (inBrowser) window.location.assign(url);
    },
    currentPath: () => (inBrowser ? `${location.pathname}${location.search}${location.hash}` : '/'),
  });
}
