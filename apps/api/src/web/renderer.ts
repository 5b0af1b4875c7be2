import { mkdtempSync, rmSync } from 'node:fs';
import { Agent, type IncomingHttpHeaders, type IncomingMessage, request, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { reportingDsn } from '../telemetry/dsn.js';
import type { ErrorReportSettings } from '../telemetry/error-reports.js';
import { type RendererMessage, type RendererSettings, STOP } from './renderer-messages.js';

/**
 * The web app's pages, rendered in a thread of their own (ADR 043). Next keeps each render's state in
 * AsyncLocalStorage; on this Node, once one such store is in use every promise the thread makes afterwards
 * pays for a hook that copies it, and with Next rendering in the thread that serves the API every API answer
 * cost about 40 % more CPU after the first page. In a thread of its own a render also stops holding up the
 * API answers behind it, and the process uses its second core.
 */
export interface PageRenderer {
  /** Hands the request to the renderer and its answer to `response`, as Next's handler in this thread did. */
  handle(incoming: IncomingMessage, response: ServerResponse): Promise<void>;
  /** Whether the renderer reports render errors (the environment reports errors: docs/product.md §1). */
  readonly reportsErrors: boolean;
  /** Stops the thread once its error reports on their way are sent (a few seconds at most). */
  close(): Promise<void>;
}

export interface PageRendererOptions {
  dir: string;
  hostname: string;
  port: number;
  /** Where a render that failed outside Next's own error pages, or a renderer that stopped, is reported. */
  log: (message: string, error?: string) => void;
  /** The serving thread's error reporting settings, which the renderer's reports follow. */
  errorReporting: ErrorReportSettings;
  /** The thread's module: the built web/renderer-thread.js unless given (tests give one without Next). */
  entry?: string;
}

// Compiled with the rest (`tsc -b`): from `src/` under test as from `dist/`, the thread runs the built file.
const threadEntry = fileURLToPath(new URL('../../dist/web/renderer-thread.js', import.meta.url));

/** Headers that belong to one connection, not to the request or answer passed along it (RFC 9110 §7.6.1). */
const CONNECTION_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

function passedOn(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const kept: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!CONNECTION_HEADERS.has(name)) kept[name] = value;
  return kept;
}

/** How long a stopping renderer may take to send its last error reports before it is ended. */
const STOP_WAIT_MS = 3_000;

/** A restarted renderer waits this long first, so that one that cannot start does not spin. */
const RESTART_DELAY_MS = 1_000;

/** Starts the renderer thread and resolves once Next is ready in it (rejects if it cannot start). */
export async function startPageRenderer(options: PageRendererOptions): Promise<PageRenderer> {
  const socketDir = mkdtempSync(join(tmpdir(), 'civitas-pages-'));
  const settings: RendererSettings = {
    dir: options.dir,
    hostname: options.hostname,
    port: options.port,
    socketPath: join(socketDir, 'renderer.sock'),
    errorReporting: reportingDsn(options.errorReporting)
      ? { APP_ENV: options.errorReporting.APP_ENV, SENTRY_DSN: options.errorReporting.SENTRY_DSN }
      : null,
  };
  // Connections kept between pages; idle ones are let go before the renderer's own keep-alive ends them.
  const agent = new Agent({ keepAlive: true, timeout: 60_000 });
  let closing = false;
  let thread: Worker;
  let reportsErrors = false;
  const exited = new WeakSet<Worker>();

  const start = () =>
    new Promise<void>((resolve, reject) => {
      rmSync(settings.socketPath, { force: true });
      // None of this process's Node options: the thread runs built code only (a test runner's source condition would
      // send its imports to TypeScript), and the V8 flags (`npm start`'s heap settings) hold for every thread anyway.
      const started = new Worker(options.entry ?? threadEntry, { workerData: settings, execArgv: [] });
      started.on('message', (message: RendererMessage) => {
        if (message.kind === 'ready') {
          reportsErrors = message.reportsErrors;
          resolve();
        } else if (message.kind === 'failed') reject(new Error(`the page renderer could not start: ${message.error}`));
        else options.log('web request failed', message.error);
      });
      started.on('error', (error) => {
        reject(error);
        options.log('the page renderer failed', error.stack ?? error.message);
      });
      started.on('exit', (code) => {
        exited.add(started);
        reject(new Error(`the page renderer stopped (exit code ${code})`));
        if (closing || started !== thread) return;
        options.log(`the page renderer stopped (exit code ${code}); starting it again`);
        setTimeout(() => {
          if (!closing)
            start().catch((error: Error) => options.log('the page renderer could not restart', error.message));
        }, RESTART_DELAY_MS).unref();
      });
      thread = started;
    });
  await start();

  return {
    handle: (incoming, response) => relayPage({ socketPath: settings.socketPath, agent }, incoming, response),
    get reportsErrors() {
      return reportsErrors;
    },
    close: async () => {
      closing = true;
      agent.destroy();
      if (!exited.has(thread)) {
        const stopped = new Promise((resolve) => thread.once('exit', resolve));
        thread.postMessage(STOP);
        const late = setTimeout(() => void thread.terminate(), STOP_WAIT_MS);
        await stopped;
        clearTimeout(late);
      }
      rmSync(socketDir, { recursive: true, force: true });
    },
  };
}

/**
 * Passes one page request to the renderer over `to` and its answer into `response` as it streams. Resolves when
 * the answer has gone out or the visitor went away (a render no longer needed is no failure); rejects when the
 * renderer could not answer.
 */
function relayPage(
  to: { socketPath: string; agent: Agent },
  incoming: IncomingMessage,
  response: ServerResponse,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const gone = () => response.destroyed || response.closed || response.socket?.destroyed === true;
    if (gone()) return resolve();
    const failed = (error: Error) => (gone() ? resolve() : reject(error));
    const upstream = request(
      { ...to, method: incoming.method, path: incoming.url, headers: passedOn(incoming.headers) },
      (answer) => {
        response.statusCode = answer.statusCode ?? 502;
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !CONNECTION_HEADERS.has(name)) response.setHeader(name, value);
        }
        const flush = (response as ServerResponse & { flush?: () => void }).flush?.bind(response);
        answer.on('data', (chunk: Buffer) => {
          if (!response.write(chunk)) answer.pause();
          // Next flushes after each part of a streamed page; the compression over `response` holds it back
          // until told to (web/mount.ts).
          flush?.();
        });
        response.on('drain', () => answer.resume());
        answer.on('end', () => {
          response.end();
          resolve();
        });
        answer.on('error', failed);
      },
    );
    upstream.on('error', failed);
    response.on('close', () => {
      if (response.writableFinished) return;
      upstream.destroy();
      resolve();
    });
    // A request the visitor abandons while it is sent ends the render's request too.
    pipeline(incoming, upstream, (error) => error && failed(error));
  });
}
