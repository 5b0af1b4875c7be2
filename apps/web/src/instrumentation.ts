import type { Instrumentation } from 'next';
// Relative paths: the unit test imports this file without the `@/` alias.
import { readConsent } from './consent/consent';
import { errorReportingSettings } from './server/error-reporting-settings';
import { isFrameworkControlFlow } from './telemetry/error-reporting/report-filters';

/**
 * Render and route errors of the web server, reported like the API's (docs/product.md §1): only where this environment
 * reports errors and only when the failing request's own consent cookie allows it. The SDK's client is the
 * one the server started, with the API's settings, in the thread that renders the pages
 * (apps/api/src/web/renderer-thread.ts, ADR 043); where it did not start, the SDK is not even loaded here.
 */
export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || !errorReportingSettings()) return;
  const cookie = request.headers.cookie;
  if (!readConsent(Array.isArray(cookie) ? cookie.join('; ') : (cookie ?? ''))?.errorReporting) return;
  if (isFrameworkControlFlow(error)) return;
  const { captureException } = await import('@sentry/nextjs');
  captureException(error, (scope) =>
    scope
      .setTags({ source: 'web', method: request.method, routeType: context.routeType })
      .setTransactionName(`${request.method} ${context.routePath}`),
  );
};
