import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const IDLE_SWEEP_MS = 100;

/**
 * While stopping, a request whose body has not moved for this long is given up on. Its client stalled (or
 * declared a body it never sends), and it would otherwise hold the stop until SHUTDOWN_TIMEOUT_MS, then exit 1.
 * Long enough for a phone's network to hiccup mid-upload; the client sends the part again elsewhere.
 */
export const STALLED_BODY_MS = 5_000;

/** What a stop last saw of a request's connection: its bytes read, and since when that count stood. */
interface Arrival {
  bytesRead: number;
  movedAt: number;
}

const hasBody = (headers: IncomingHttpHeaders) =>
  (headers['content-length'] !== undefined && headers['content-length'] !== '0') ||
  headers['transfer-encoding'] !== undefined;

/**
 * Lets `app.close()` finish as soon as the requests in flight are answered. Fastify stops listening, closes the
 * keep-alive connections idle at that moment and answers new requests on busy ones with 503; but a connection
 * whose request was in flight stays open after its answer (keep-alive, for up to keepAliveTimeout), and
 * server.close waits for it: a graceful stop took the whole SHUTDOWN_TIMEOUT_MS. So answers sent while closing
 * say `Connection: close` (the client will not reuse the socket, and Node ends it), idle connections are
 * closed every IDLE_SWEEP_MS for answers Fastify does not send itself (the hijacked web pages), and a request
 * whose body stopped arriving for STALLED_BODY_MS has its connection closed.
 */
export function closeConnectionsWhenAnswered(app: FastifyInstance): void {
  let closing = false;
  // Only requests that carry a body can stall after their headers; the GETs that are most requests are not kept.
  // Each is watched (given an Arrival) only once a stop has begun: until then keeping it is all it costs.
  const arriving = new Map<IncomingMessage, Arrival | null>();
  app.server.on('request', (request: IncomingMessage) => {
    if (!hasBody(request.headers)) return;
    arriving.set(request, null);
    // Once its body is all read (a request answered early still has it read and dropped) or its connection is gone.
    request.once('close', () => arriving.delete(request));
  });
  const giveUpOnStalled = () => {
    const now = Date.now();
    for (const [request, arrival] of arriving) {
      if (request.complete) continue; // its body is here: the handler answers in its own time
      const { bytesRead } = request.socket;
      if (!arrival || bytesRead !== arrival.bytesRead) arriving.set(request, { bytesRead, movedAt: now });
      else if (now - arrival.movedAt >= STALLED_BODY_MS) request.socket.destroy();
    }
  };
  app.addHook('preClose', async () => {
    closing = true;
    const sweep = setInterval(() => {
      app.server.closeIdleConnections();
      giveUpOnStalled();
    }, IDLE_SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  // A callback hook: it runs on every answer, and an async one would add two promises to each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
