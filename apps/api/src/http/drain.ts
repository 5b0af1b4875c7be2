import type { FastifyInstance } from 'fastify';

const IDLE_SWEEP_MS = 100;

/**
 * Lets `app.close()` finish as soon as the requests in flight are answered. Fastify stops listening, closes the
 * keep-alive connections idle at that moment and answers new requests on busy ones with 503; but a connection
 * whose request was in flight stays open after its answer (keep-alive, for up to keepAliveTimeout), and
 * server.close waits for it: a graceful stop took the whole SHUTDOWN_TIMEOUT_MS. So answers sent while closing
 * say `Connection: close` (the client will not reuse the socket, and Node ends it), and idle connections are
 * closed every IDLE_SWEEP_MS for answers Fastify does not send itself (the hijacked web pages).
 */
export function closeConnectionsWhenAnswered(app: FastifyInstance): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
    const sweep = setInterval(() => app.server.closeIdleConnections(), IDLE_SWEEP_MS);
    sweep.unref();
    app.server.once('close', () => clearInterval(sweep));
  });
  // A callback hook: it runs on every answer, and an async one would add two promises to each.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
}
