import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as the test server saw it. */
export interface SeenRequest {
  readonly method: string;
  readonly path: string;
  readonly search: URLSearchParams;
  readonly headers: IncomingMessage['headers'];
  readonly body: unknown;
}

/** How the server answers: a status and JSON body, raw text, a hang-up, or no answer until `release`. */
export type Answer =
  | { status: number; json?: unknown; headers?: Record<string, string> }
  | { status: number; text: string; contentType?: string }
  | { hangUp: true };

export type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

/**
 * A real HTTP server on an ephemeral loopback port, so the data layer is tested with real `fetch` and
 * sockets. Each test sets the handler; every request is recorded in order.
 */
export async function startTestServer(initial: Handler = () => ({ status: 404, json: {} })) {
  let handler = initial;
  const seen: SeenRequest[] = [];
  const readBody = async (request: IncomingMessage): Promise<unknown> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  };
  const respond = (response: ServerResponse, answer: Answer) => {
    if ('hangUp' in answer) {
      response.socket?.destroy();
      return;
    }
    if ('text' in answer) {
      response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' }).end(answer.text);
      return;
    }
    if (answer.json === undefined) {
      response.writeHead(answer.status, answer.headers).end();
      return;
    }
    response
      .writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers })
      .end(JSON.stringify(answer.json));
  };
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://test');
    const entry: SeenRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      search: url.searchParams,
      headers: request.headers,
      body: await readBody(request),
    };
    seen.push(entry);
    respond(response, await handler(entry));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    paths: () => seen.map((request) => `${request.method} ${request.path}`),
    setHandler(next: Handler) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** A promise the test resolves when it wants the server to answer (to look at the state in between). */
export function gate<T = void>() {
  let open!: (value: T) => void;
  const promise = new Promise<T>((resolve) => {
    open = resolve;
  });
  return { promise, open };
}
