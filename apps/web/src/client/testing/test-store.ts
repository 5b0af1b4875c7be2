import { createClientEnvironment } from '../api/environment';
import { makeStore } from '../store';

export interface TestStoreOptions {
  cookies?: string;
  timeoutMs?: number;
  networkRetryIntervalMs?: number;
  now?: () => number;
}

/** A real store against a test server; cookies are what page scripts would see in `document.cookie`. */
export function testStore(baseUrl: string, options: TestStoreOptions = {}) {
  const world = { cookies: options.cookies ?? '', redirects: [] as string[], path: '/somewhere?x=1' };
  const store = makeStore(
    createClientEnvironment({
      baseUrl,
      timeoutMs: options.timeoutMs ?? 5000,
      networkRetryIntervalMs: options.networkRetryIntervalMs ?? 5,
      readCookies: () => world.cookies,
      redirect: (url) => world.redirects.push(url),
      currentPath: () => world.path,
      ...(options.now ? { now: options.now } : {}),
    }),
  );
  return { store, world };
}
