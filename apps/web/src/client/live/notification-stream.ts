import { loadStore } from '../lazy-store';

/**
 * My notifications live, for this tab (ADR 078): one `EventSource` on the API's stream, opened while anything
 * listens (the shell's badge, on every signed-in page) and shared by all of it. Store-free, so the badge adds no
 * Redux to a page's first load (ADR 018): the store is loaded only to renew the sign-in when the stream is refused.
 */
export interface LiveNotifications {
  /** The unread count; null until the stream has said. */
  unread: number | null;
  /** Moves on every new or grown line, so a list on screen knows to read itself again. */
  linesChanged: number;
}

const STREAM_PATH = '/api/notifications/v1/stream';
/** Renewals in a row without an event between them: beyond this the stream is left closed (signed out). */
const MAX_RENEWALS = 2;

let state: LiveNotifications = { unread: null, linesChanged: 0 };
const listeners = new Set<() => void>();
let source: EventSource | null = null;
let renewalsInARow = 0;

const publish = (next: LiveNotifications) => {
  state = next;
  for (const listener of listeners) listener();
};

function open(): void {
  const opened = new EventSource(STREAM_PATH);
  source = opened;
  opened.addEventListener('unread', (event) => {
    renewalsInARow = 0;
    const { count } = JSON.parse((event as MessageEvent<string>).data) as { count: number };
    publish({ ...state, unread: count });
  });
  opened.addEventListener('notification', () => {
    renewalsInARow = 0;
    publish({ ...state, linesChanged: state.linesChanged + 1 });
  });
  opened.addEventListener('closed', () => {
    // Replaced by a newer tab's stream (the server keeps a few per citizen): this tab listens again once it is
    // looked at, rather than reconnecting now and ending the next oldest tab's.
    opened.close();
    if (source !== opened) return;
    source = null;
    document.addEventListener('visibilitychange', reopenWhenSeen);
  });
  opened.addEventListener('error', () => {
    // A dropped connection is reconnected by the browser (with Last-Event-ID); a refusal closes the stream: its
    // token has expired (the stream ends with it) or the sign-in is gone. One renewal tells which.
    if (opened.readyState !== EventSource.CLOSED || source !== opened) return;
    source = null;
    if (renewalsInARow >= MAX_RENEWALS || listeners.size === 0) return;
    renewalsInARow += 1;
    void loadStore()
      .then((runtime) => runtime.renewCitizenSession())
      .then(
        (renewed) => renewed && listeners.size > 0 && source === null && open(),
        () => undefined,
      );
  });
}

function reopenWhenSeen(): void {
  if (document.visibilityState !== 'visible') return;
  document.removeEventListener('visibilitychange', reopenWhenSeen);
  if (!source && listeners.size > 0) open();
}

/** Listens to my live notifications; the stream opens with the first listener and closes with the last. */
export function listenToNotifications(listener: () => void): () => void {
  listeners.add(listener);
  if (!source) open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      source?.close();
      source = null;
    }
  };
}

export const liveNotifications = (): LiveNotifications => state;

/** The count a read mark left (its answer), shown at once rather than when the stream repeats it. */
export const showUnreadCount = (count: number): void => publish({ ...state, unread: count });
