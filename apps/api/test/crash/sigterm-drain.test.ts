import { Agent, type IncomingMessage, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STALLED_BODY_MS } from '../../src/http/drain.js';
import { insertCitizen } from '../../src/seed/citizens.js';
import { insertPost } from '../../src/seed/posts.js';
import { freePort } from '../support/free-port.js';
import { type ServerProcess, startServer } from '../support/server-process.js';
import { closeContext, createTempDatabase, type TempDatabase } from '../support/temp-database.js';

// SIGTERM on the real server process: the request in flight (a part upload whose body is still arriving) is
// answered, new connections are refused, a second signal changes nothing, and the process exits 0. A request
// whose body stops arriving is given up on; one that never ends cannot hold it past SHUTDOWN_TIMEOUT_MS.

let db: TempDatabase;
let token: string;
let authorId: string;
let server: ServerProcess | undefined;
const partBytes = 64 * 1024;

beforeAll(async () => {
  db = await createTempDatabase({ LOG_LEVEL: 'info' });
  const ctx = await db.open();
  authorId = await insertCitizen(ctx.db, { username: 'drain_author', displayName: 'Drain', country: 'GB' }, Date.now());
  token = await ctx.tokens.issue({ kind: 'citizen', citizenId: authorId, username: 'drain_author' }, 900);
  await closeContext(ctx);
});
afterEach(() => {
  server?.child.kill('SIGKILL');
  server = undefined;
});
afterAll(() => db.drop());

/** A new post waiting for its image and the URL of its single upload part. */
async function partUrl(origin: string): Promise<string> {
  const ctx = await db.open();
  const postId = await insertPost(ctx.db, { authorId, status: 'awaiting_upload' }, Date.now());
  await closeContext(ctx);
  const started = await fetch(`${origin}/api/users/v1/creators-content/${postId}/image-upload/initiate`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ fileName: 'photo.jpg', fileSize: partBytes, contentType: 'image/jpeg' }),
  });
  expect(started.status, await started.clone().text()).toBe(201);
  const upload = (await started.json()) as { parts: { url: string }[] };
  return new URL(upload.parts[0]?.url ?? '', origin).toString();
}

/** Starts a PUT of one part and sends only its first half; the rest is written by the caller. */
function startPart(url: string, agent: Agent) {
  const req = request(url, {
    method: 'PUT',
    agent,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/octet-stream',
      'content-length': String(partBytes),
    },
  });
  const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.once('error', reject);
    req.once('response', (res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk) => {
        body += chunk;
      });
      res.once('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
  });
  req.write(Buffer.alloc(partBytes / 2, 1));
  return { req, response };
}

const waitFor = async (what: () => boolean, timeoutMs: number) => {
  const until = Date.now() + timeoutMs;
  while (!what()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const connectionError = (origin: string) =>
  fetch(`${origin}/healthz`).then(
    (res) => `answered ${res.status}`,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  );

describe('SIGTERM', () => {
  it('finishes the request in flight, refuses new connections and exits 0', { timeout: 90_000 }, async () => {
    server = await startServer(db.env, await freePort());
    const url = await partUrl(server.origin);
    // A keep-alive client, as browsers are: its socket must not hold the server open once answered.
    const agent = new Agent({ keepAlive: true });
    const part = startPart(url, agent);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the handler is streaming the body by now

    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    const running = server;
    await waitFor(() => running.output().includes('SIGTERM received'), 10_000);
    // Refused, or (when it came in the instant between the signal and the listener's close) accepted and closed
    // unanswered: either way no new request is served.
    expect(['ECONNREFUSED', 'UND_ERR_SOCKET', 'ECONNRESET']).toContain(await connectionError(running.origin));
    running.child.kill('SIGTERM'); // an impatient supervisor: must not cut the drain short
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(running.child.exitCode).toBeNull();

    part.req.end(Buffer.alloc(partBytes / 2, 2));
    const answered = await part.response;
    expect(answered.status, answered.body).toBe(200);
    expect(await running.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(db.config.SHUTDOWN_TIMEOUT_MS);
    expect(running.output()).toContain('shut down cleanly');
    agent.destroy();
  });

  it('says not ready for SHUTDOWN_DRAIN_DELAY_MS while still serving, then stops listening', {
    timeout: 90_000,
  }, async () => {
    server = await startServer({ ...db.env, SHUTDOWN_DRAIN_DELAY_MS: '5000' }, await freePort());
    const running = server;
    expect((await fetch(`${running.origin}/healthz`)).status).toBe(200);
    running.child.kill('SIGTERM');
    await waitFor(() => running.output().includes('SIGTERM received'), 10_000);
    // What a proxy's health check sees: not ready, so it sends the next requests to another instance...
    const health = await fetch(`${running.origin}/healthz`);
    expect([health.status, await health.json()]).toEqual([503, { status: 'draining' }]);
    // ...while requests that still arrive here are answered.
    expect((await fetch(`${running.origin}/livez`)).status).toBe(200);
    const call = await fetch(`${running.origin}/api/content/v9/feed/eight-stage?country=GB`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(call.status).toBe(200);
    await waitFor(() => running.child.exitCode !== null, 20_000);
    expect(await running.exited).toEqual({ code: 0, signal: null });
  });

  it('gives up on a request whose body stopped arriving, and exits 0', { timeout: 90_000 }, async () => {
    server = await startServer(db.env, await freePort());
    const part = startPart(await partUrl(server.origin), new Agent());
    const cutOff = part.response.then(
      () => 'answered',
      (error: Error & { code?: string }) => error.code ?? error.message,
    );
    await new Promise((resolve) => setTimeout(resolve, 300)); // half the body is in; the rest never comes
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const took = Date.now() - signalledAt;
    expect(took).toBeGreaterThanOrEqual(STALLED_BODY_MS - 100);
    expect(took).toBeLessThan(db.config.SHUTDOWN_TIMEOUT_MS - 5_000);
    expect(server.output()).toContain('shut down cleanly');
    expect(['ECONNRESET', 'socket hang up']).toContain(await cutOff);
  });

  it('gives up on a connection answered before the body it announced, and exits 0', { timeout: 90_000 }, async () => {
    server = await startServer(db.env, await freePort());
    // Refused at once (no token), while the rest of the announced body never comes.
    const socket = connect(Number(new URL(server.origin).port), '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk;
    });
    socket.write('POST /api/users/v7/creators-content HTTP/1.1\r\nHost: localhost\r\n');
    socket.write('Content-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"mediaType":');
    await waitFor(() => answer.includes('\r\n\r\n'), 10_000);
    expect(answer).toMatch(/^HTTP\/1\.1 401 /);
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(db.config.SHUTDOWN_TIMEOUT_MS - 5_000);
    socket.destroy();
  });

  it('exits 1 with a log line when a request outlasts SHUTDOWN_TIMEOUT_MS', { timeout: 90_000 }, async () => {
    server = await startServer({ ...db.env, SHUTDOWN_TIMEOUT_MS: '1000' }, await freePort());
    const part = startPart(await partUrl(server.origin), new Agent());
    part.response.catch(() => {}); // cut off by the exit
    await new Promise((resolve) => setTimeout(resolve, 300));
    const signalledAt = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(Date.now() - signalledAt).toBeGreaterThanOrEqual(900);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(server.output()).toContain('shutdown took longer than SHUTDOWN_TIMEOUT_MS (1000 ms); exiting anyway');
  });
});
