import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { listenOnLoopback } from './free-port.js';

export interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A real HTTP server on 127.0.0.1 standing in for the error-report service: it keeps every request it gets
 * and answers what `answerWith` says (200 with an event id unless told otherwise; 0: never answers).
 */
export async function startIngestReceiver() {
  const received: Received[] = [];
  let answer: { status: number; headers?: Record<string, string> } = { status: 200 };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      if (answer.status === 0) return; // hangs: never answers
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end('{"id":"00000000000000000000000000000000"}');
    });
  });
  const port = await listenOnLoopback(server);
  return {
    port,
    received,
    answerWith(status: number, headers?: Record<string, string>) {
      answer = { status, headers };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
