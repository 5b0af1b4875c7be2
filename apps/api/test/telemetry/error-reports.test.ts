import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { AppError } from '../../src/http/errors.js';
import { startErrorReports } from '../../src/telemetry/error-reports.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { startIngestReceiver } from '../support/ingest-receiver.js';

// Server error reports go straight from this process to the DSN's host: here a real HTTP receiver.
let receiver: Awaited<ReturnType<typeof startIngestReceiver>>;
let t: TestApp;

const consent = (value: string) => ({ cookie: `theme=dark; civitas_consent=${value}; other=1` });
const envelopes = () => receiver.received.filter((request) => request.url.startsWith('/api/7/envelope/'));
/** The events' headers and payloads, one JSON value a line (a Sentry envelope). */
const items = (body: Buffer) =>
  body
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);

async function failAs(headers: Record<string, string>, path = '/api/test/boom') {
  const response = await t.request({ method: 'GET', url: `${path}?secret=query`, headers });
  await t.ctx.errorReports.flush(2_000);
  return response;
}

beforeAll(async () => {
  receiver = await startIngestReceiver();
  t = await createTestApp({
    seed: false,
    env: { APP_ENV: 'test', SENTRY_DSN: `http://key@127.0.0.1:${receiver.port}/7` },
    errorReports: startErrorReports,
    beforeReady(app) {
      app.get('/api/test/boom', async () => {
        throw new Error('api boom');
      });
      app.get('/api/test/refused', async () => {
        throw new AppError(409, 'CONFLICT', 'already there');
      });
    },
  });
});

afterEach(() => {
  receiver.received.length = 0;
});

afterAll(async () => {
  await t?.close();
  await t?.ctx.errorReports.close(1_000);
  await receiver?.close();
});

describe('error reports of API routes', () => {
  it('sends nothing for a 500 without consent to error reporting', async () => {
    expect((await failAs({})).statusCode).toBe(500);
    expect((await failAs(consent('v1.e0.a1'))).statusCode).toBe(500);
    expect((await failAs(consent('v2.e1.a1'))).statusCode).toBe(500); // another version's answer is no answer
    expect(envelopes()).toHaveLength(0);
  });

  it('reports a 500 of a request whose consent cookie says e1, without its cookies, headers or query', async () => {
    const response = await failAs({ ...consent('v1.e1.a0'), authorization: 'Bearer not-for-reports' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL' });
    expect(envelopes()).toHaveLength(1);
    const body = envelopes()[0]?.body ?? Buffer.alloc(0);
    const [header, itemHeader, event] = items(body);
    expect(header).toHaveProperty('event_id');
    expect(envelopes()[0]?.url).toContain('sentry_key=key');
    expect(itemHeader).toMatchObject({ type: 'event' });
    expect(event).toMatchObject({
      environment: 'test',
      transaction: 'GET /api/test/boom',
      tags: { source: 'api', method: 'GET' },
      exception: { values: [{ type: 'Error', value: 'api boom' }] },
    });
    const text = body.toString('utf8');
    for (const secret of ['civitas_consent', 'theme=dark', 'not-for-reports', 'secret=query']) {
      expect(text).not.toContain(secret);
    }
  });

  it('does not report errors a client can act on', async () => {
    expect((await failAs(consent('v1.e1.a1'), '/api/test/refused')).statusCode).toBe(409);
    expect((await failAs(consent('v1.e1.a1'), '/api/no/such/route')).statusCode).toBe(404);
    expect(envelopes()).toHaveLength(0);
  });
});

describe('where the server reports at all', () => {
  const config = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', ...env });
  it('only in prod, uat and test, and only with a DSN', async () => {
    const dsn = 'http://key@127.0.0.1:9/7';
    expect((await startErrorReports(config({ APP_ENV: 'dev', SENTRY_DSN: dsn }))).enabled).toBe(false);
    expect((await startErrorReports(config({ APP_ENV: 'prod' }))).enabled).toBe(false);
  });
});
