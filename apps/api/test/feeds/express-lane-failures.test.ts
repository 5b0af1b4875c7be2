import { request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAbuseLimits } from '../../src/http/abuse-limits.js';
import { sessionCookieNames } from '../../src/http/auth/cookies.js';
import { ExpressLane, type ReadyBody, serverWithLane } from '../../src/http/express-lane.js';
import { securityHeaders } from '../../src/http/security-headers.js';
import { SerializedBody } from '../../src/http/serialized-body.js';
import { readyAnswers } from '../../src/routes.js';
import { listenOnLoopback } from '../support/free-port.js';
import { createTestApp, guest, type TestApp } from '../support/harness.js';

/**
 * A lane answer whose body cannot be made (its text or its compression throws) must reach the routes once,
 * counted once, and leave the server standing. Before, a throw in a live read's continuation was an unhandled
 * rejection, which ends a Node process; and a throw from the routes themselves, once the lane had handed the
 * request to them, made the server's handler hand it to them a second time.
 */
const STAGE = '/api/content/v9/feed/eight-stage?country=GB';

describe('the express lane, when an answer cannot be made', () => {
  let t: TestApp;
  let server: Server;
  let port = 0;
  let bearer = '';
  let body: () => ReadyBody = () => undefined;
  let routed = 0;
  let throwingRoutes = false;

  beforeAll(async () => {
    t = await createTestApp();
    bearer = `Bearer ${await t.tokenFor(guest)}`;
    // The lane knows only tokens this process has verified.
    await t.ctx.tokens.verifyWithExpiry(bearer.slice(7));
    const stage = readyAnswers(t.ctx)[0];
    if (!stage) throw new Error('no ready answers');
    const lane = new ExpressLane({
      answers: [{ endpoint: stage.endpoint, ready: () => body() }],
      tokens: t.ctx.tokens,
      budget: createAbuseLimits(t.ctx, () => undefined).general,
      headers: securityHeaders(t.ctx.config.PUBLIC_URL),
      trust: false,
      cookies: sessionCookieNames(t.ctx.config.PUBLIC_URL),
    });
    // The routes stand for the server's real handler: they answer, and count how often they were asked.
    const routes = (_request: IncomingMessage, response: ServerResponse) => {
      routed += 1;
      if (throwingRoutes) throw new Error('the routes failed');
      response.end('from the routes');
    };
    // The server the app runs on, with this lane in front of those routes.
    server = serverWithLane(() => lane)(routes as never, {}) as Server;
    port = await listenOnLoopback(server);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await t.close();
  });

  const get = () =>
    new Promise<{ status: number; text: string; remaining: string | undefined }>((resolve, reject) => {
      const options = {
        host: '127.0.0.1',
        port,
        path: STAGE,
        headers: { authorization: bearer, 'accept-encoding': 'gzip' },
      };
      const req = httpRequest(options, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, text, remaining: res.headers['ratelimit-remaining'] as string }),
        );
      });
      req.on('error', reject);
      req.end();
    });

  const failing = SerializedBody.assembled(
    () => {
      throw new Error('the text cannot be made');
    },
    () => {
      throw new Error('the compression cannot be made');
    },
  );

  it('answers from the lane while its body can be made', async () => {
    body = () =>
      SerializedBody.assembled(
        () => '{"data":[]}',
        () => null,
      );
    const before = routed;
    const answer = await get();
    expect(answer).toMatchObject({ status: 200, text: '{"data":[]}' });
    expect(answer.remaining).toMatch(/^\d+$/);
    expect(routed).toBe(before);
  });

  it('hands a body that throws at once to the routes, once', async () => {
    body = () => failing;
    const before = routed;
    expect(await get()).toMatchObject({ status: 200, text: 'from the routes' });
    expect(routed).toBe(before + 1);
  });

  it('asks the routes once even when they throw, and ends that connection', async () => {
    body = () => failing;
    throwingRoutes = true;
    const before = routed;
    await expect(get()).rejects.toThrow(/socket hang up|ECONNRESET/);
    throwingRoutes = false;
    expect(routed).toBe(before + 1);
  });

  it('hands a body that throws after a live read to the routes, once, and the server keeps answering', async () => {
    body = () => Promise.resolve(failing);
    const before = routed;
    expect(await get()).toMatchObject({ status: 200, text: 'from the routes' });
    expect(routed).toBe(before + 1);
    body = () =>
      SerializedBody.assembled(
        () => '{"data":[]}',
        () => null,
      );
    expect(await get()).toMatchObject({ status: 200, text: '{"data":[]}' });
    expect(routed).toBe(before + 1);
  });
});
