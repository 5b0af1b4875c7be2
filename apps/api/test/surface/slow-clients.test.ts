import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/harness.js';

// Clients that open a request and never finish it (a slow-loris attacker, or a flood of them) are cut off after
// REQUEST_TIMEOUT_MS with a 408, over a real socket: before, the server waited for them for ever.

const LIMIT_MS = 1_000;
let t: TestApp;
let port = 0;

beforeAll(async () => {
  t = await createTestApp({ env: { REQUEST_TIMEOUT_MS: String(LIMIT_MS) } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => t.close());

interface Exchange {
  /** Everything the server wrote, once it closed the connection. */
  closed: Promise<{ answer: string; afterMs: number }>;
  socket: Socket;
}

/** Opens a connection and writes `start`; the rest is up to the test. */
async function open(start: string): Promise<Exchange> {
  const socket = connect(port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  const startedAt = Date.now();
  let answer = '';
  socket.on('data', (chunk) => {
    answer += chunk;
  });
  const closed = new Promise<{ answer: string; afterMs: number }>((resolve) =>
    socket.once('close', () => resolve({ answer, afterMs: Date.now() - startedAt })),
  );
  socket.write(start);
  return { closed, socket };
}

const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));

describe('a request that is never finished', () => {
  it('is answered 408 in the error shape once its body stops short, and its connection closed', async () => {
    const token = await t.tokenFor('alice');
    const { closed } = await open(
      'POST /api/users/v7/creators-content HTTP/1.1\r\nHost: localhost\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"mediaType":`,
    );
    const { answer, afterMs } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(bodyOf(answer)).toMatchObject({ statusCode: 408, error: 'Request Timeout' });
    expect(afterMs).toBeGreaterThanOrEqual(LIMIT_MS - 50);
    expect(afterMs).toBeLessThan(LIMIT_MS + 1_500);
  });

  it('is cut off when its headers never end', async () => {
    const { closed } = await open('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: 1\r\n');
    const { answer, afterMs } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(afterMs).toBeLessThan(LIMIT_MS + 1_500);
  });

  it('is served when it arrives slowly but in time', async () => {
    const token = await t.tokenFor('alice');
    const body = JSON.stringify({
      mediaType: 'image',
      caption: 'Sent in three pieces',
      mentionRequest: [],
      sharingOptions: 'public',
    });
    const { closed, socket } = await open(
      'POST /api/users/v7/creators-content HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n' +
        `Authorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
    );
    for (const piece of [body.slice(0, 20), body.slice(20, 40), body.slice(40)]) {
      await new Promise((resolve) => setTimeout(resolve, LIMIT_MS / 5));
      socket.write(piece);
    }
    const { answer } = await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 201 /);
    expect(bodyOf(answer)).toMatchObject({ caption: { content: 'Sent in three pieces' } });
  });
});
