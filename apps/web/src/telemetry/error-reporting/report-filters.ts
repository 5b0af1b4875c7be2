/**
 * What error reporting leaves out (docs/product.md §8), in one place for the browser and the server. Pure: no SDK code,
 * so it is unit-tested without a browser and costs the first load nothing.
 *
 * Left out:
 * - the `/404` transaction (and the App Router's `/_not-found`): a missing page is not our failure;
 * - incomplete navigation transactions: a navigation the person left before it finished (no end time, or
 *   ended `cancelled` / `deadline_exceeded`) says nothing about our code;
 * - framework control flow thrown as errors: `redirect()` (digest `NEXT_REDIRECT;…`), `notFound()` and the
 *   other HTTP fallbacks (`NEXT_NOT_FOUND`, `NEXT_HTTP_ERROR_FALLBACK;…`) and prerender bail-outs;
 * - browser noise ({@link IGNORED_ERRORS}) and errors raised by browser extensions ({@link DENIED_URLS}).
 *
 * Error events that pass are marked as failing their trace (`internal_error`), and every address in them (the
 * page's, which the SDK sends whatever `dataCollection` says, and the stack frames') loses its query and fragment:
 * they can hold a person's secrets, a reset link's token or an email address.
 */

/** The parts of an SDK event these filters read and write (structurally the SDK's `Event`). */
export interface ReportEvent {
  type?: string;
  transaction?: string;
  timestamp?: number;
  exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: { filename?: string }[] } }[] };
  request?: { url?: string };
  contexts?: { trace?: { op?: string; status?: string; [key: string]: unknown }; [key: string]: unknown };
}

/**
 * Messages browsers produce that are not our errors (the SDK's `ignoreErrors`: a string matches anywhere in
 * the message, a RegExp as written).
 */
export const IGNORED_ERRORS: (string | RegExp)[] = [
  // Layout feedback loops the browser resolves itself; harmless and very frequent.
  'ResizeObserver loop limit exceeded',
  'ResizeObserver loop completed with undelivered notifications',
  // A cross-origin script failed and the browser hides why: nothing to act on.
  /^Script error\.?$/,
  // Promises rejected with a non-Error by third-party code (extensions, injected scripts).
  'Non-Error promise rejection captured',
  // A request cut off by leaving the page or by the network, not by our code.
  'AbortError: The user aborted a request',
  'The operation was aborted',
  // Old browser-extension and toolbar globals injected into pages.
  'top.GLOBALS',
  'originalCreateNotification',
  'canvas.contentDocument',
  'MyApp_RemoveAllHighlights',
  'atomicFindClose',
  'fb_xd_fragment',
  'conduitPage',
];

/** Scripts that are not ours: errors whose frames come from browser extensions (the SDK's `denyUrls`). */
export const DENIED_URLS: RegExp[] = [
  /^(chrome|chrome-extension|moz-extension|safari-extension|safari-web-extension|ms-browser-extension):\/\//i,
  /^resource:\/\//i,
];

/** Error digests by which Next signals control flow (redirect, not-found, bail-outs) rather than a failure. */
const FRAMEWORK_DIGESTS = [/^NEXT_REDIRECT(;|$)/, /^NEXT_NOT_FOUND$/, /^NEXT_HTTP_ERROR_FALLBACK;/];
const FRAMEWORK_DIGEST_NAMES = [
  'DYNAMIC_SERVER_USAGE',
  'BAILOUT_TO_CLIENT_SIDE_RENDERING',
  'NEXT_PRERENDER_INTERRUPTED',
  'HANGING_PROMISE_REJECTION',
];

const isFrameworkDigest = (digest: string): boolean =>
  FRAMEWORK_DIGESTS.some((pattern) => pattern.test(digest)) || FRAMEWORK_DIGEST_NAMES.includes(digest);

/** Whether `error` (or one of its causes) is Next's control flow, e.g. `redirect()` or `notFound()`. */
export function isFrameworkControlFlow(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  const digest = (error as { digest?: unknown }).digest;
  if (typeof digest === 'string' && isFrameworkDigest(digest)) return true;
  return isFrameworkControlFlow((error as { cause?: unknown }).cause, depth + 1);
}

/** An address without its query and fragment. */
export const withoutQueryOrFragment = (address: string): string => address.replace(/[?#][\s\S]*$/, '');

function scrubAddresses<E extends ReportEvent>(event: E): E {
  if (event.request?.url) event.request = { ...event.request, url: withoutQueryOrFragment(event.request.url) };
  for (const value of event.exception?.values ?? []) {
    for (const frame of value.stacktrace?.frames ?? []) {
      if (frame.filename) frame.filename = withoutQueryOrFragment(frame.filename);
    }
  }
  return event;
}

/** An error event to send (marked as failing its trace), or null when it is framework control flow. */
export function filterErrorEvent<E extends ReportEvent>(event: E, hint?: { originalException?: unknown }): E | null {
  if (isFrameworkControlFlow(hint?.originalException)) return null;
  // Without the original error (e.g. a serialised one), its message still names the digest.
  const message = event.exception?.values?.[0]?.value ?? '';
  if (isFrameworkDigest(message)) return null;
  const trace = event.contexts?.trace;
  if (trace) event.contexts = { ...event.contexts, trace: { ...trace, status: 'internal_error' } };
  return scrubAddresses(event);
}

const NOT_FOUND_TRANSACTIONS = new Set(['/404', '/_not-found']);
const ABANDONED = new Set(['cancelled', 'deadline_exceeded']);

/** A transaction to send, or null for the 404 page and navigations that did not complete. */
export function filterTransaction<E extends ReportEvent>(event: E): E | null {
  if (event.transaction !== undefined && NOT_FOUND_TRANSACTIONS.has(event.transaction)) return null;
  const trace = event.contexts?.trace;
  if (trace?.op === 'navigation' && (event.timestamp === undefined || ABANDONED.has(trace.status ?? ''))) return null;
  return scrubAddresses(event);
}
