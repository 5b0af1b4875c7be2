import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

/** A push that reached the local push service: what a browser's push service would receive. */
export interface ReceivedPush {
  path: string;
  method: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on this machine (plain http, as the server allows in tests: ADR 079) that keeps every request it
 * receives, and answers each path with the status set for it (201 Created, as push services do, unless told).
 */
export interface LocalPushService {
  /** The endpoint of a browser's subscription at this service. */
  endpoint(path: string): string;
  received: ReceivedPush[];
  /** Pushes received at one endpoint's path. */
  at(path: string): ReceivedPush[];
  answer(path: string, status: number): void;
  close(): Promise<void>;
}

export async function startPushService(): Promise<LocalPushService> {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '';
      received.push({ path, method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint: (path) => `${origin}${path}`,
    received,
    at: (path) => received.filter((push) => push.path === path),
    answer: (path, status) => statuses.set(path, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A browser's side of a subscription: the keys it sends the server, and the private key that reads its pushes. */
export interface BrowserKeys {
  keys: { p256dh: string; auth: string };
  read(push: ReceivedPush): unknown;
}

/** Keys made as a browser makes them: a P-256 pair and a 16-byte secret. */
export function browserKeys(): BrowserKeys {
  const pair: ECDH = createECDH('prime256v1');
  pair.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: pair.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    read: (push) =>
      JSON.parse(ece.decrypt(push.body, { version: 'aes128gcm', privateKey: pair, authSecret: auth }).toString()),
  };
}
