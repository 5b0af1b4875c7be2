import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { ENVELOPE_HEADER_MAX_BYTES } from '../../src/domains/monitoring/envelope-header.js';
import { forwardEnvelope } from '../../src/domains/monitoring/forward-envelope.js';
import { freePort } from '../support/free-port.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { startIngestReceiver } from '../support/ingest-receiver.js';

// POST /monitoring, the browser's error-report tunnel, against a real HTTP server standing in for the
// error-report service: only envelopes for the configured DSN, from visitors who consented, get through.

let receiver: Awaited<ReturnType<typeof startIngestReceiver>>;
let t: TestApp;
let dsn: string;

beforeAll(async () => {
  receiver = await startIngestReceiver();
  dsn = `http://publickey@127.0.0.1:${receiver.port}/42`;
  t = await createTestApp({
    seed: false,
    env: { APP_ENV: 'test', SENTRY_DSN: dsn, MONITORING_RATE_LIMIT_PER_MINUTE: '1000' },
  });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answerWith(200);
});

const CONSENTED = 'civitas_consent=v1.e1.a0';

/** An envelope as the SDK makes it: a JSON header line, then items; here an event and binary attachment. */
function envelope(header: Record<string, unknown> | string = { dsn }): Buffer {
  const head = typeof header === 'string' ? header : JSON.stringify({ event_id: 'a'.repeat(32), ...header });
  const attachment = randomBytes(300);
  return Buffer.concat([
    Buffer.from(`${head}\n{"type":"event"}\n{"message":"Ärger 💥 at /feed"}\n`),
    Buffer.from(`{"type":"attachment","length":${attachment.length},"filename":"a.bin"}\n`),
    attachment,
  ]);
}

type Send = { app?: TestApp; cookie?: string; contentType?: string | null; remoteAddress?: string };

const send = (body: Buffer | string, { app = t, cookie = CONSENTED, contentType, remoteAddress }: Send = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/monitoring',
    remoteAddress,
    headers: {
      ...(contentType === null ? {} : { 'content-type': contentType ?? 'text/plain;charset=UTF-8' }),
      cookie: `${cookie}; civitas_citizen_token=secret-session`,
      authorization: 'Bearer secret-token',
      'x-forwarded-for': '203.0.113.9',
      origin: 'http://localhost:3000',
    },
    payload: body,
  });

describe('POST /monitoring with reporting on', () => {
  it('forwards an envelope for the configured DSN byte for byte, with none of the caller’s headers', async () => {
    const body = envelope();
    const res = await send(body);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ forwarded: true });
    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.method).toBe('POST');
    expect(got?.url).toBe('/api/42/envelope/');
    expect(got?.body.equals(body)).toBe(true);
    expect(got?.headers['content-type']).toBe('application/x-sentry-envelope');
    for (const name of ['cookie', 'authorization', 'x-forwarded-for', 'origin', 'referer'])
      expect(got?.headers[name], name).toBeUndefined();
    expect(JSON.stringify(got?.headers)).not.toMatch(/secret|203\.0\.113/);
  });

  it('takes each content type the SDK sends, and none at all (a binary envelope from fetch)', async () => {
    for (const contentType of ['application/x-sentry-envelope', 'application/octet-stream', 'text/plain', null]) {
      const res = await send(envelope(), { contentType });
      expect(res.statusCode, String(contentType)).toBe(200);
    }
    expect(receiver.received).toHaveLength(4);
    const json = await send(envelope(), { contentType: 'application/json' });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' });
    expect(receiver.received).toHaveLength(4);
  });

  it('refuses envelopes for any other DSN, or none, with a 400 and forwards nothing', async () => {
    const port = receiver.port;
    const elsewhere = [
      `http://publickey@127.0.0.1:${port}/43`,
      `http://publickey@localhost:${port}/42`,
      `http://publickey@evil.example/42`,
      `http://otherkey@127.0.0.1:${port}/42`,
      `http://publickey@127.0.0.1:${port + 1}/42`,
      `https://publickey@127.0.0.1:${port}/42`,
      `http://publickey@127.0.0.1:${port}/prefix/42`,
      `http://127.0.0.1:${port}/42`,
      'not a dsn',
    ];
    for (const other of elsewhere) {
      const res = await send(envelope({ dsn: other }));
      expect(res.statusCode, other).toBe(400);
      expect(res.json(), other).toMatchObject({ statusCode: 400, error: 'Bad Request', code: 'ENVELOPE_DSN_REFUSED' });
    }
    const missing = await send(envelope({}));
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'ENVELOPE_DSN_MISSING', message: expect.stringMatching(/dsn/) });
    expect((await send(envelope({ dsn: 42 }))).json().code).toBe('ENVELOPE_DSN_MISSING');
    expect(receiver.received).toEqual([]);
  });

  it('refuses what is not an envelope with a 400 and forwards nothing', async () => {
    const tooLong = JSON.stringify({ dsn, padding: 'x'.repeat(ENVELOPE_HEADER_MAX_BYTES) });
    const malformed = ['{"dsn": ', '[1,2]', 'null', '"text"', tooLong, ''];
    for (const header of malformed) {
      const res = await send(envelope(header));
      expect(res.statusCode, header.slice(0, 20)).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, code: 'ENVELOPE_MALFORMED' });
    }
    expect((await send('')).json()).toMatchObject({ statusCode: 400, code: 'ENVELOPE_MALFORMED' });
    expect(receiver.received).toEqual([]);
  });

  it('drops envelopes (204) from visitors who did not consent to error reporting', async () => {
    for (const cookie of ['other=1', 'civitas_consent=v1.e0.a1', 'civitas_consent=v2.e1.a1', 'civitas_consent=e1']) {
      const res = await send(envelope(), { cookie });
      expect(res.statusCode, cookie).toBe(204);
      expect(res.body).toBe('');
    }
    expect(receiver.received).toEqual([]);
  });

  it('answers 413 to an envelope over MONITORING_MAX_BYTES, forwarding nothing', async () => {
    const limit = t.ctx.config.MONITORING_MAX_BYTES;
    expect(limit).toBe(1024 * 1024);
    const head = Buffer.from(`${JSON.stringify({ dsn })}\n`);
    const res = await send(Buffer.concat([head, Buffer.alloc(limit + 1 - head.length, 0x61)]));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ statusCode: 413, error: 'Payload Too Large' });
    expect(receiver.received).toEqual([]);
  });

  it('answers 502 (never a 500) when the error-report service refuses, passing on its rate limits', async () => {
    receiver.answerWith(429, { 'x-sentry-rate-limits': '60:error:organization', 'retry-after': '60' });
    const res = await send(envelope());
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ statusCode: 502, code: 'MONITORING_UPSTREAM_FAILED' });
    expect(res.json().message).toMatch(/429/);
    expect(res.headers['x-sentry-rate-limits']).toBe('60:error:organization');
    receiver.answerWith(500);
    expect((await send(envelope())).statusCode).toBe(502);
  });

  it('gives up on an error-report service that does not answer in time', async () => {
    receiver.answerWith(0);
    const endpoint = `http://127.0.0.1:${receiver.port}/api/42/envelope/`;
    expect(await forwardEnvelope(endpoint, envelope(), 200)).toEqual({
      ok: false,
      problem: 'timed out',
      rateLimits: null,
    });
    expect(receiver.received).toHaveLength(1);
  });

  it('is documented in the OpenAPI with the envelope types and its answers', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { requestBody?: { content: object }; responses: object }>>;
    };
    const operation = document.paths['/monitoring']?.post;
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual([
      'application/x-sentry-envelope',
      'text/plain',
      'application/octet-stream',
    ]);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(['200', '204', '400', '413', '415', '429', '502']),
    );
  });

  it('leaves other routes’ body parsing alone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/identity/v1/password-reset',
      headers: { 'content-type': 'application/x-sentry-envelope' },
      payload: envelope(),
    });
    expect(res.statusCode).toBe(415);
    expect(receiver.received).toEqual([]);
  });
});

describe('POST /monitoring elsewhere', () => {
  const apps: TestApp[] = [];
  const appWith = async (env: Record<string, string>) => {
    const app = await createTestApp({ seed: false, env });
    apps.push(app);
    return app;
  };
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('drops every envelope (204) with APP_ENV=dev or without a DSN', async () => {
    const dev = await appWith({ APP_ENV: 'dev', SENTRY_DSN: dsn });
    const noDsn = await appWith({ APP_ENV: 'prod' });
    for (const app of [dev, noDsn]) {
      expect((await send(envelope(), { app })).statusCode).toBe(204);
      expect((await send(envelope({ dsn: 'http://k@evil.example/1' }), { app })).statusCode).toBe(204);
    }
    expect(receiver.received).toEqual([]);
  });

  it('answers 502 (never a 500) when the error-report service is down', async () => {
    const down = await appWith({ APP_ENV: 'uat', SENTRY_DSN: `http://publickey@127.0.0.1:${await freePort()}/42` });
    const res = await send(envelope({ dsn: down.ctx.config.SENTRY_DSN }), { app: down });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ statusCode: 502, code: 'MONITORING_UPSTREAM_FAILED' });
    expect(res.json().message).toMatch(/unreachable/);
  });

  it('answers 429 with Retry-After once an address sends more than MONITORING_RATE_LIMIT_PER_MINUTE', async () => {
    const limited = await appWith({ APP_ENV: 'prod', SENTRY_DSN: dsn, MONITORING_RATE_LIMIT_PER_MINUTE: '3' });
    const statuses: number[] = [];
    let last: Awaited<ReturnType<typeof send>> | undefined;
    for (let i = 0; i < 5; i++) {
      last = await send(envelope(), { app: limited, remoteAddress: '198.51.100.7' });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(receiver.received).toHaveLength(3);
    // Another address has its own budget.
    expect((await send(envelope(), { app: limited, remoteAddress: '198.51.100.8' })).statusCode).toBe(200);
  });
});

describe('SENTRY_DSN', () => {
  it('is checked at boot to be a DSN', () => {
    for (const notDsn of ['https://sentry.example/42', 'ftp://key@sentry.example/42', 'https://key@sentry.example/'])
      expect(() => loadConfig({ NODE_ENV: 'test', SENTRY_DSN: notDsn }), notDsn).toThrow(/SENTRY_DSN must look like/);
    expect(
      loadConfig({ NODE_ENV: 'test', SENTRY_DSN: 'https://key@o1.ingest.example:8443/sentry/42' }).SENTRY_DSN,
    ).toBeDefined();
  });
});
