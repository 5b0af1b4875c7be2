import { allEndpoints, type EndpointDef, fullPath } from '@civitas/contract';
import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';
import { problem, show } from './answer-checks.js';
import { hostileFixtures } from './hostile-fixtures.js';
import { type Fixtures, hostileRequest } from './hostile-inputs.js';
import { encodeAnything, extraHeaders, hostileText, rawSegments } from './hostile-values.js';

// Generated hostile requests over every endpoint of the contract (docs/design.md §2: no input,
// however malformed, produces a 500): wrong types, control characters, huge and deeply nested bodies,
// malformed JSON, wrong content types, forged and expired tokens, other citizens' ids, tampered continuation
// tokens. HOSTILE_SEED replays a run; HOSTILE_RUNS widens it (requests per endpoint).

const SEED = Number(process.env.HOSTILE_SEED ?? 20_261_125);
const RUNS_PER_ENDPOINT = Number(process.env.HOSTILE_RUNS ?? 90);

let t: TestApp;
let fixtures: Fixtures;
beforeAll(async () => {
  // Past the per-address budget of sign-in and token calls, so their handlers see the requests too.
  t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_MINUTE: '100000' } });
  fixtures = await hostileFixtures(t);
});
afterAll(() => t.close());

let sent = 0;

/**
 * An event stream's answer: a refusal whole; an opened stream (which never ends by itself) up to its first event,
 * which must be the unread count, then let go.
 */
async function streamAnswer(options: InjectOptions) {
  const res = await t.app.inject({ ...options, payloadAsStream: true });
  const stream = (res as unknown as { stream(): NodeJS.ReadableStream & { destroy(): void } }).stream();
  let body = '';
  for await (const chunk of stream) {
    body += String(chunk);
    if (res.statusCode === 200 && body.includes('event: unread')) break;
  }
  if (res.statusCode === 200) {
    stream.destroy();
    if (!String(res.headers['content-type']).startsWith('text/event-stream')) throw new Error('a stream not as events');
    if (!/event: unread\ndata: \{"count":\d+\}/.test(body))
      throw new Error(`a stream opened without its count: ${body}`);
  }
  return { statusCode: res.statusCode, headers: res.headers, body };
}

describe(`hostile requests (seed ${SEED}, ${RUNS_PER_ENDPOINT} per endpoint)`, () => {
  it.each(allEndpoints.map((endpoint) => [`${endpoint.method} ${fullPath(endpoint)}`, endpoint] as const))(
    '%s never answers 5xx, a stack trace or SQL',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(hostileRequest(endpoint, fixtures), async (request) => {
          sent += 1;
          const { as: _as, ...options } = request;
          const res = (endpoint as EndpointDef).eventStream ? await streamAnswer(options) : await t.app.inject(options);
          const wrong = problem(request, res);
          if (wrong) throw new Error(`${wrong}:\n${show(request, SEED, res)}`);
        }),
        // No shrinking: requests change the world they run in, and the failing one is printed whole.
        { numRuns: RUNS_PER_ENDPOINT, seed: SEED, endOnFailure: true },
      );
    },
    60_000,
  );

  // The media route is no endpoint of the contract, but a post's files ask who may see the post (ADR 075): the
  // same credentials, with hostile post ids, runs, file names and headers (ranges, revalidations).
  it('GET and HEAD /media/posts/{id}/{run}/{file} never answer 5xx, a stack trace or SQL', async () => {
    const withFiles = fixtures.known.uuids.slice(0, 40);
    const run = 'a1b2c3d4e5f6';
    const file = 'image-320.webp';
    // A file beside some of the fixtures' posts (friends-only ones among them), so the check has something to guard.
    for (const postId of withFiles) await t.ctx.media.files.put(`posts/${postId}/${run}/${file}`, Buffer.from('RIFF'));
    const segment = fc.oneof(
      { weight: 3, arbitrary: fc.constant(run) },
      { weight: 2, arbitrary: hostileText.map(encodeAnything) },
      { weight: 1, arbitrary: rawSegments },
    );
    const request = fc
      .record({
        method: fc.constantFrom('GET' as const, 'HEAD' as const),
        postId: fc.oneof(
          { weight: 6, arbitrary: fc.constantFrom(...withFiles) },
          { weight: 1, arbitrary: fc.uuid() },
          { weight: 2, arbitrary: hostileText.map(encodeAnything) },
          { weight: 1, arbitrary: rawSegments },
        ),
        run: segment,
        file: fc.oneof({ weight: 3, arbitrary: fc.constant(file) }, { weight: 1, arbitrary: segment }),
        as: fc.constantFrom(...Object.keys(fixtures.credentials)),
        extra: extraHeaders,
        range: fc.constantFrom(undefined, 'bytes=0-1', 'bytes=5-1', 'bytes=-0', 'bytes=0-1,3-4', 'lines=1-2'),
      })
      .map(({ method, postId, run, file, as, extra, range }) => ({
        method,
        url: `/media/posts/${postId}/${run}/${file}`,
        headers: { ...fixtures.credentials[as], ...extra, ...(range ? { range } : {}) } as Record<string, string>,
        as,
      }));
    const answered = new Set<number>();
    await fc.assert(
      fc.asyncProperty(request, async (hostile) => {
        sent += 1;
        const { as: _as, ...options } = hostile;
        const res = await t.app.inject(options);
        answered.add(res.statusCode);
        // A HEAD answer has no body to check, only its status.
        const wrong = hostile.method === 'HEAD' ? (res.statusCode >= 500 ? 'a 5xx' : null) : problem(hostile, res);
        if (wrong) throw new Error(`${wrong}:\n${show(hostile, SEED, res)}`);
      }),
      { numRuns: RUNS_PER_ENDPOINT * 4, seed: SEED, endOnFailure: true },
    );
    // Some requests reached a file and some were refused: the check was exercised both ways.
    expect(answered).toContain(200);
    expect(answered).toContain(404);
  }, 60_000);

  it('sent at least 5,000 requests', () => {
    expect(sent).toBeGreaterThanOrEqual(Math.min(5000, RUNS_PER_ENDPOINT * allEndpoints.length));
  });

  it('tells a 5xx, a stack trace, SQL and a bare error apart from a fair answer', () => {
    const request = { method: 'GET' as const, url: '/api/users/hashtags?search=select%20x%20from%20y', headers: {} };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const error = (message: string) => JSON.stringify({ statusCode: 400, error: 'Bad Request', message });
    expect(problem(request, { statusCode: 500, headers: json, body: error('x') })).toBe('status 500');
    expect(problem(request, { statusCode: 400, headers: json, body: '{"message":"x"}' })).toContain('error shape');
    expect(problem(request, { statusCode: 400, headers: {}, body: 'Bad Request' })).toContain('answered as');
    const stack = error('boom\n    at handler (/work/main/apps/api/src/app.ts:10:5)');
    expect(problem(request, { statusCode: 400, headers: json, body: stack })).toContain('stack trace');
    const sql = error('insert into "posts" ("id") values ($1) - duplicate key value violates unique constraint');
    expect(problem(request, { statusCode: 409, headers: json, body: sql.replace('400', '409') })).toContain('SQL');
    expect(
      problem(request, {
        statusCode: 404,
        headers: json,
        body: error('No route GET /api/users/hashtags?search=select x from y').replace('400', '404'),
      }),
    ).toBeNull();
  });
});
