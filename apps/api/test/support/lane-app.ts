import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { createTestApp, type TestApp, type TestAppOptions } from './harness.js';

/** An answer read off the wire. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

export interface LaneApp {
  t: TestApp;
  /** A request over real HTTP, where the express lane answers what it can before routing (`inject` skips it). */
  get(path: string, headers?: Record<string, string>, method?: string): Promise<Answer>;
  /** How many answers the routes have sent so far: one that did not move it was the lane's. */
  routed(): number;
}

/**
 * A test app with the page caches on (the lane answers only what they hold), listening on loopback, whose routes
 * count every answer they send (onSend runs for each, errors included, before it is written).
 */
export async function laneApp(options: Pick<TestAppOptions, 'env' | 'seed'> = {}): Promise<LaneApp> {
  let routed = 0;
  const t = await createTestApp({
    ...options,
    env: { GUEST_PAGE_CACHE_MS: '60000', STAGE_SKELETON_CACHE_MS: '60000', ...options.env },
    beforeReady: (app) =>
      app.addHook('onSend', (_request, _reply, payload, done) => {
        routed += 1;
        done(null, payload);
      }),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, path, method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  return { t, get, routed: () => routed };
}
