import type { ErrorReportingSettings } from '@/telemetry/consented-service';

/** The environments that report errors (docs/product.md §1); dev never does. */
const REPORTING_ENVIRONMENTS = new Set(['prod', 'uat', 'test']);

/**
 * Error reporting's settings from the server's environment (the API's config keys APP_ENV and SENTRY_DSN,
 * both on its browser list), or null when this environment does not report errors. The web server runs in
 * the API's process, so it reads the same environment the API checked at boot.
 */
export function errorReportingSettings(env: NodeJS.ProcessEnv = process.env): ErrorReportingSettings | null {
  const environment = env.APP_ENV ?? 'dev';
  const dsn = env.SENTRY_DSN;
  return REPORTING_ENVIRONMENTS.has(environment) && dsn ? { dsn, environment } : null;
}
