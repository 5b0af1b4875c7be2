import {
  type AnalyticsMessage,
  createAnalyticsQueue,
  describeUserAgent,
  LAST_VISIT_KEY,
  recordFirstVisit,
  VISITED_AT_KEY,
} from '@/client';
import type { ConsentedService, ServiceDeps } from '../consented-service';
import { PAGE_VIEWED_EVENT } from '../page-views';

const SOCKET_PATH = '/api/analytics';
/** The HTTP twin takes at most this many events a call (the contract's ANALYTICS_BATCH_MAX). */
const BEACON_BATCH = 100;
const MAX_RECONNECT_DELAY_MS = 30_000;

type ServerFrame =
  | { type: 'ack'; eventId: string }
  | { type: 'error'; code: string; message: string; eventId?: string; retryAfterMs?: number };

// Refusals that a later try can get past; any other refusal will never be taken, so the event is dropped.
const PASSING = new Set(['RATE_LIMITED', 'NOT_STORED']);

let running = false;
let socket: WebSocket | null = null;
let deps: ServiceDeps | null = null;
let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
let resendTimer: ReturnType<typeof setTimeout> | undefined;
let failedTries = 0;

const queue = createAnalyticsQueue({
  hasConsent: () => running,
  context: () => ({
    ...describeUserAgent(navigator.userAgent),
    currentUrl: `${location.origin}${location.pathname}`,
  }),
  newId: () => crypto.randomUUID(),
  now: Date.now,
});

function onFrame(event: MessageEvent) {
  let frame: ServerFrame;
  try {
    frame = JSON.parse(String(event.data)) as ServerFrame;
  } catch {
    return;
  }
  if (frame.type === 'ack') return queue.acknowledge(frame.eventId);
  if (!frame.eventId) return;
  if (!PASSING.has(frame.code)) return queue.acknowledge(frame.eventId);
  queue.refuse(frame.eventId);
  clearTimeout(resendTimer);
  resendTimer = setTimeout(() => queue.resend(), frame.retryAfterMs ?? 1000);
}

async function connect() {
  // A guest gets a session first, and a citizen's expiring token is renewed: the socket is opened with it, and
  // its events carry that session's ids (the server still files each under the session itself, whatever it says).
  const session = await deps?.prepareSession(failedTries > 0);
  if (!running || socket) return;
  if (!session) return scheduleReconnect();
  const opened = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SOCKET_PATH}`);
  socket = opened;
  opened.onopen = () => {
    failedTries = 0;
    queue.connect((message) => opened.send(JSON.stringify(message)), session);
  };
  opened.onmessage = onFrame;
  opened.onclose = () => {
    if (socket !== opened) return;
    socket = null;
    queue.disconnect();
    scheduleReconnect();
  };
}

function scheduleReconnect() {
  if (!running) return;
  failedTries += 1;
  // 1 s, 2 s, 4 s ... up to 30 s, spread out so that a restarted server is not met by every page at once.
  const delay = Math.min(MAX_RECONNECT_DELAY_MS, 1000 * 2 ** (failedTries - 1)) * (0.5 + Math.random() / 2);
  clearTimeout(reconnectTimer);
  reconnectTimer = setTimeout(() => void connect(), delay);
}

/** What the socket has not acknowledged goes with the page, through the HTTP twin. */
function sendLeftovers() {
  const left: AnalyticsMessage[] = queue.takeUnacknowledged();
  for (let start = 0; start < left.length; start += BEACON_BATCH) {
    const body = JSON.stringify({ messages: left.slice(start, start + BEACON_BATCH) });
    navigator.sendBeacon(SOCKET_PATH, new Blob([body], { type: 'application/json' }));
  }
}

function onPageHide() {
  sendLeftovers();
}

const trackPageView = () => {
  queue.track('page_viewed');
};

/** The analytics of docs/product.md §3 and §4, running only with consent to analytics. */
export const analyticsService: ConsentedService = {
  start(serviceDeps) {
    if (running) return;
    running = true;
    deps = serviceDeps ?? null;
    recordFirstVisit({ tab: sessionStorage, browser: localStorage }, queue, Date.now());
    trackPageView();
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener(PAGE_VIEWED_EVENT, trackPageView);
    void connect();
  },
  stop() {
    running = false;
    // Withdrawn: what was waiting is dropped, never sent, and nothing of ours stays in the tab.
    queue.clear();
    clearTimeout(reconnectTimer);
    clearTimeout(resendTimer);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener(PAGE_VIEWED_EVENT, trackPageView);
    sessionStorage.removeItem(VISITED_AT_KEY);
    localStorage.removeItem(LAST_VISIT_KEY);
    const open = socket;
    socket = null;
    open?.close(1000, 'consent withdrawn');
    failedTries = 0;
  },
};
