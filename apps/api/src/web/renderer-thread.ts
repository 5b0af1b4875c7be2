import { EventEmitter } from 'node:events';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { PAGE_FAILED_TEXT, type RendererMessage, type RendererSettings, STOP } from './renderer-messages.js';

/**
 * The thread that renders the web app's pages (ADR 043): Next's request handler behind an HTTP server on a
 * socket only this process can reach (web/renderer.ts passes each page request to it and its answer back).
 */

type CreateNextServer = typeof import('next', { with: { 'resolution-mode': 'require' }}).default;

if (!parentPort) throw new Error('web/renderer-thread runs as a worker thread (web/renderer.ts starts it)');
const port: MessagePort = parentPort;
const tell = (message: RendererMessage) => port.postMessage(message);
const describe = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));

async function serve(settings: RendererSettings): Promise<void> {
  // Before Next: its `onRequestError` (apps/web/src/instrumentation.ts) reports through this thread's client.
  // Loaded only where errors are reported: the SDK and the settings' checks cost the thread about 10 MB.
  const reports = settings.errorReporting
    ? await (await import('../telemetry/error-reports.js')).startErrorReports(settings.errorReporting)
    : null;
  port.on('message', (message) => {
    if (message !== STOP) return;
    (reports?.close(2_000) ?? Promise.resolve()).finally(() => process.exit(0));
  });
  // Next is CommonJS whose `module.exports` is the factory; `require` hands it over without ESM interop guesswork.
  const next = createRequire(import.meta.url)('next') as CreateNextServer;
  const web = next({
    dev: false,
    dir: settings.dir,
    hostname: settings.hostname,
    port: settings.port,
    // Given no server, Next listens for upgrades on the server of the first request it handles and ends every
    // websocket it does not proxy itself. The web app serves none, and the analytics socket never comes here.
    httpServer: new EventEmitter() as Server,
  });
  await web.prepare();
  const handle = web.getRequestHandler();
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      // Next renders its own error pages; this is only for a failure of the handler itself.
      tell({ kind: 'error', error: describe(error) });
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
      response.end(PAGE_FAILED_TEXT);
    });
  });
  // The other thread keeps connections open for the next page: longer here than there, so it closes them first.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.socketPath, resolve);
  });
  tell({ kind: 'ready', reportsErrors: reports?.enabled ?? false });
}

serve(workerData as RendererSettings).catch((error: unknown) => {
  tell({ kind: 'failed', error: describe(error) });
  process.exit(1);
});
