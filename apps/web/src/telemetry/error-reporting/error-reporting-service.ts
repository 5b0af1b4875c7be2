import { errorReportsCollectNothing } from '@civitas/contract/routes-table';
import {
  BrowserClient,
  dedupeIntegration,
  defaultStackParser,
  eventFiltersIntegration,
  getCurrentScope,
  globalHandlersIntegration,
  httpContextIntegration,
  linkedErrorsIntegration,
  makeFetchTransport,
} from '@sentry/nextjs';
import type { ConsentedService } from '../consented-service';
import { DENIED_URLS, filterErrorEvent, filterTransaction, IGNORED_ERRORS } from './report-filters';

/** Our own origin's tunnel (the API's `POST /monitoring`): the browser never talks to the DSN's host. */
const TUNNEL = '/monitoring';

let client: BrowserClient | null = null;
// Checked by every event on its way out: once consent is withdrawn, events still being processed are dropped.
let reporting = false;

/**
 * Error reporting (docs/product.md §1, §8) with the SDK's browser client built by hand rather than `Sentry.init`, so this
 * lazily loaded chunk holds only what it uses: uncaught errors and rejections, their causes, the page's URL
 * (without its query). No tracing (trace sampling 0), no breadcrumbs, no sessions, no client reports, no personal data.
 */
export const errorReportingService: ConsentedService = {
  start(deps) {
    const settings = deps?.errorReporting;
    if (reporting || !settings) return;
    reporting = true;
    client = new BrowserClient({
      dsn: settings.dsn,
      tunnel: TUNNEL,
      environment: settings.environment,
      tracesSampleRate: 0,
      dataCollection: errorReportsCollectNothing,
      sendClientReports: false,
      transport: makeFetchTransport,
      stackParser: defaultStackParser,
      integrations: [
        eventFiltersIntegration(),
        linkedErrorsIntegration(),
        dedupeIntegration(),
        httpContextIntegration(),
        globalHandlersIntegration(),
      ],
      ignoreErrors: IGNORED_ERRORS,
      denyUrls: DENIED_URLS,
      beforeSend: (event, hint) => (reporting ? filterErrorEvent(event, hint) : null),
      beforeSendTransaction: (event) => (reporting ? filterTransaction(event) : null),
    });
    getCurrentScope().setClient(client);
    client.init();
  },
  stop() {
    reporting = false;
    const closing = client;
    client = null;
    if (!closing) return;
    // Nothing more reaches the transport from now on, not even an event already past `beforeSend`; the global
    // handlers stay installed but answer only to the current client, which this no longer is.
    closing.getOptions().enabled = false;
    if (getCurrentScope().getClient() === closing) getCurrentScope().setClient(undefined);
    // close() waits for work in progress (flush) and then disables; it sends nothing itself. In 11.5.0 a timeout
    // of 0 means "wait without limit", so it is given 1 ms: what is still being processed ends at the gate above.
    void closing.close(1);
  },
};
