import type { IncomingHttpHeaders } from 'node:http';
import { errorReportsCollectNothing, readConsent } from '@civitas/contract';
import type { Config } from '../config.js';
import { reportingDsn } from './dsn.js';

/** What a report may say about the request that failed: never its cookies, headers, query or body. */
export interface FailedRequest {
  method: string;
  /** The route's pattern (`/api/content/v9/posts/:id`), not the concrete URL, which can name people. */
  route: string;
  /** Read only for the consent cookie. */
  headers: IncomingHttpHeaders;
}

/** Reports of unexpected server errors (docs/product.md §1): per request, only for people who consented. */
export interface ErrorReports {
  /** Whether this environment reports at all (APP_ENV prod, uat or test, and SENTRY_DSN set). */
  readonly enabled: boolean;
  /** Reports `error` if the request's consent cookie allows error reporting; otherwise does nothing. */
  report(error: unknown, request: FailedRequest, source: 'api' | 'web'): void;
  /** Sends what is on its way, for at most `timeoutMs` (shutdown, tests). */
  flush(timeoutMs: number): Promise<void>;
  close(timeoutMs: number): Promise<void>;
}

export const noErrorReports: ErrorReports = {
  enabled: false,
  report() {},
  async flush() {},
  async close() {},
};

/** The settings error reporting is started from: the serving thread's config, and the renderer thread's copy. */
export type ErrorReportSettings = Pick<Config, 'APP_ENV' | 'SENTRY_DSN'>;

/**
 * Starts a thread's error reporting once, at boot, when the environment allows it; otherwise the SDK is never
 * initialised. The SDK's client belongs to the thread that starts it: the serving thread starts one for the API,
 * the renderer thread (ADR 043) its own, which Next's `onRequestError` reports through. Only what is asked for
 * is sent: no default integrations (no auto-instrumented tracing, no uncaught-exception or console capture,
 * which have no request and so no consent to go by), trace sampling 0, and none of the SDK's default personal
 * data.
 */
export async function startErrorReports(config: ErrorReportSettings): Promise<ErrorReports> {
  if (!reportingDsn(config) || !config.SENTRY_DSN) return noErrorReports;
  // Loaded only where reports are sent: the SDK costs a server that never reports about 25 MB of memory.
  const { captureException, close, dedupeIntegration, flush, initWithoutDefaultIntegrations, linkedErrorsIntegration } =
    await import('@sentry/node');
  initWithoutDefaultIntegrations({
    dsn: config.SENTRY_DSN,
    environment: config.APP_ENV,
    tracesSampleRate: 0,
    integrations: [linkedErrorsIntegration(), dedupeIntegration()],
    dataCollection: errorReportsCollectNothing,
    sendClientReports: false,
    enableRuntimeChannelInjection: false,
  });
  return {
    enabled: true,
    report(error, request, source) {
      if (!readConsent(request.headers.cookie ?? '')?.errorReporting) return;
      captureException(error, (scope) =>
        scope.setTags({ source, method: request.method }).setTransactionName(`${request.method} ${request.route}`),
      );
    },
    async flush(timeoutMs) {
      await flush(timeoutMs);
    },
    async close(timeoutMs) {
      await close(timeoutMs);
    },
  };
}
