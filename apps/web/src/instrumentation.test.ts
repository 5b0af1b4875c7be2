import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { flush, getClient, initWithoutDefaultIntegrations } from '@sentry/nextjs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { onRequestError } from './instrumentation';

// Next calls onRequestError for render and route errors; the client is the one the server starts in the renderer
// thread at boot (here started the same way), and events go over real HTTP to a local Sentry-protocol receiver.
const envelopes: string[] = [];
let server: Server;
const saved = { ...process.env };

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (request.url?.startsWith('/api/7/envelope/')) envelopes.push(Buffer.concat(chunks).toString('utf8'));
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const dsn = `http://key@127.0.0.1:${(server.address() as AddressInfo).port}/7`;
  Object.assign(process.env, { NEXT_RUNTIME: 'nodejs', APP_ENV: 'test', SENTRY_DSN: dsn });
  initWithoutDefaultIntegrations({ dsn, tracesSampleRate: 0, enableRuntimeChannelInjection: false });
});
afterEach(() => {
  envelopes.length = 0;
  process.env.APP_ENV = 'test';
});
afterAll(async () => {
  await getClient()?.close(1000);
  process.env = saved;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const context = {
  routerKind: 'App Router',
  routePath: '/[locale]/p/[id]',
  routeType: 'render',
  revalidateReason: undefined,
} as const;

async function fail(error: unknown, cookie?: string) {
  await onRequestError(error, { path: '/en/p/1?q=secret', method: 'GET', headers: cookie ? { cookie } : {} }, context);
  await flush(2000);
}

describe('Next render errors', () => {
  it("are reported when the request's consent cookie says e1, with the route pattern and no cookies", async () => {
    await fail(new Error('render boom'), 'a=1; civitas_consent=v1.e1.a0');
    expect(envelopes).toHaveLength(1);
    const event = JSON.parse(envelopes[0]?.split('\n')[2] ?? '{}') as Record<string, unknown>;
    expect(event).toMatchObject({
      transaction: 'GET /[locale]/p/[id]',
      tags: { source: 'web', routeType: 'render' },
      exception: { values: [{ value: 'render boom' }] },
    });
    expect(envelopes[0]).not.toContain('civitas_consent');
    expect(envelopes[0]).not.toContain('secret');
  });

  it('are not reported without that consent, for redirects, or outside prod, uat and test', async () => {
    await fail(new Error('no answer'));
    await fail(new Error('refused'), 'civitas_consent=v1.e0.a1');
    await fail(
      Object.assign(new Error('NEXT_REDIRECT'), { digest: 'NEXT_REDIRECT;replace;/en;307;' }),
      'civitas_consent=v1.e1.a1',
    );
    process.env.APP_ENV = 'dev';
    await fail(new Error('in dev'), 'civitas_consent=v1.e1.a1');
    expect(envelopes).toEqual([]);
  });
});
