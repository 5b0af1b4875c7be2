import type { SessionIds } from '@/client/analytics/queue';

/** Where error reports go, when this environment reports errors at all (see server/error-reporting-settings). */
export interface ErrorReportingSettings {
  /** The Sentry-protocol DSN; envelopes still travel through our own `/monitoring`. */
  readonly dsn: string;
  /** APP_ENV: prod, uat or test (dev never reports). */
  readonly environment: string;
}

/** What a consented service may use from the page. */
export interface ServiceDeps {
  /**
   * Makes sure the browser has a session (see `prepareSession`); `renew` after the last one was refused.
   * Whose session it is once ready (ids, never a token); null when it could not be made ready.
   */
  prepareSession(renew: boolean): Promise<SessionIds | null>;
  /** Error reporting's settings; null where errors are not reported (then its code is never loaded). */
  errorReporting: ErrorReportingSettings | null;
}

/** A service that runs only with the visitor's consent: started when it is given, stopped at once when withdrawn. */
export interface ConsentedService {
  start(deps?: ServiceDeps): void;
  /** Stops everything the service does and drops whatever it had not sent yet. */
  stop(): void;
}
