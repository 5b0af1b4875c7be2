import { randomUUID } from 'node:crypto';
import WebSocket from 'ws';

export const SITE = 'http://localhost:3000';

/** A well-formed analytics message (docs/product.md §3) for event `eventName`. */
export function analyticsMessage(eventName: string, overrides: Record<string, unknown> = {}) {
  const metadata = {
    eventId: randomUUID(),
    eventName,
    platform: 'Web',
    browserName: 'Chrome',
    browserVersion: '156.0',
    os: 'Android',
    deviceType: 'android_phone',
    currentUrl: `${SITE}/p/0190a5b0-7d4e-7c3a-9f1e-2b3c4d5e6f70?utm_source=mail#comments`,
    timestampDate: new Date().toISOString(),
    userId: null,
    guestId: null,
    ...overrides,
  };
  return { action: 'send', data: { eventName, metadata } };
}

export type ServerFrame = {
  type: 'ack' | 'error';
  eventId?: string;
  code?: string;
  message?: string;
  retryAfterMs?: number;
};

/** A real websocket client on the server's port, collecting what the server answers. */
export interface OpenSocket {
  socket: WebSocket;
  frames: ServerFrame[];
  /** Resolves once `count` frames have come in all. */
  framesUntil(count: number, timeoutMs?: number): Promise<ServerFrame[]>;
  close(): void;
}

export function openSocket(port: number, headers: Record<string, string>): Promise<OpenSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/analytics`, { headers });
    const frames: ServerFrame[] = [];
    const waiters: (() => void)[] = [];
    socket.on('message', (data) => {
      frames.push(JSON.parse(String(data)) as ServerFrame);
      for (const wake of waiters.splice(0)) wake();
    });
    socket.once('unexpected-response', (_request, response) => {
      reject(new Error(`upgrade refused: ${response.statusCode}`));
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        frames,
        framesUntil: (count, timeoutMs = 5000) =>
          new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`only ${frames.length} of ${count} frames came`)), timeoutMs);
            const check = () => {
              if (frames.length >= count) {
                clearTimeout(timer);
                done(frames.slice(0, count));
              } else waiters.push(check);
            };
            check();
          }),
        close: () => socket.close(),
      }),
    );
  });
}

/** The status with which the server refused an upgrade (the socket never opens). */
export function refusedUpgrade(port: number, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/api/analytics`, { headers });
    // Ending a refused upgrade makes the client report it was closed before it opened: expected here.
    socket.on('error', () => {});
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('open', () => {
      socket.close();
      reject(new Error('the upgrade was accepted'));
    });
  });
}
