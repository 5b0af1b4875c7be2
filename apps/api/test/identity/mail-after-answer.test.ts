import { createServer, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../support/free-port.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { askPasswordReset } from '../support/identity-flows.js';

/**
 * Whether an email has an account must not show in how long "send me a code" takes to answer: the mail (and the
 * code behind it) goes after the answer. Here the mail server takes the connection and never greets, as a slow
 * or stuck one would: had the answer waited for the mail, it would wait for the mail client's greeting timeout.
 */
let t: TestApp;
const connections = new Set<Socket>();
const stuckMailServer = createServer((socket) => {
  connections.add(socket);
  socket.on('close', () => connections.delete(socket));
});
let connected: Promise<void>;

beforeAll(async () => {
  const port = await listenOnLoopback(stuckMailServer);
  connected = new Promise((resolve) => stuckMailServer.once('connection', () => resolve()));
  t = await createTestApp({ env: { SMTP_URL: `smtp://127.0.0.1:${port}`, AUTH_RATE_LIMIT_PER_MINUTE: '1000' } });
});

afterAll(async () => {
  // Mails still waiting fail at once when their connections go (later ones are refused), so the app's close,
  // which waits for the mails on their way, does not wait for the mail client's timeouts.
  stuckMailServer.close();
  for (const socket of connections) socket.destroy();
  await t.close();
});

describe('mail after the answer', () => {
  it('answers a password reset for a known email as for an unknown one, before the mail server has said a word', async () => {
    const unknown = await askPasswordReset(t, 'nobody-here@example.org');
    const known = await askPasswordReset(t, 'bob@example.com');
    expect(known.statusCode, known.body).toBe(202);
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    // The mail for the known address is on its way all the same: its connection is open, waiting for a greeting.
    await connected;
    expect(connections.size).toBe(1);
  });

  it('answers a sign-up with a known email after hashing its password, as for a new one', async () => {
    const signUp = (email: string, username: string) =>
      t.request({
        method: 'POST',
        url: '/api/identity/v1/accounts',
        payload: { email, username, displayName: 'X', password: 'correct horse battery staple', country: 'GB' },
      });
    const known = await signUp('bob@example.com', 'not_bob_again');
    const fresh = await signUp('fresh-person@example.org', 'fresh_person');
    expect([known.statusCode, fresh.statusCode]).toEqual([201, 201]);
    expect(Object.keys(known.json())).toEqual(Object.keys(fresh.json()));
  });
});
