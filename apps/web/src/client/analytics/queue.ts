import type { UserAgentFacts } from './user-agent';

/**
 * The analytics event of docs/product.md §3. The server checks it with the contract's `AnalyticsMessage`; the page's
 * bundle carries no zod, so the shape is a type here, and a test checks that the contract takes what this makes.
 */
export interface AnalyticsEvent extends UserAgentFacts {
  readonly eventId: string;
  readonly platform: 'Web';
  readonly currentUrl: string;
  /** ISO 8601, when the event happened (not when it was sent). */
  readonly timestampDate: string;
  readonly userId: string | null;
  readonly guestId: string | null;
  readonly eventName: string;
}

/** How an event travels: an action "send" whose data holds the event name and the event as metadata. */
export interface AnalyticsMessage {
  readonly action: 'send';
  readonly data: { readonly eventName: string; readonly metadata: AnalyticsEvent };
}

/** Where, at the moment of an event. Who is the sender's business (`SessionIds`). */
export interface AnalyticsContext extends UserAgentFacts {
  readonly currentUrl: string;
}

/**
 * Whose events these are (docs/product.md §3): the signed-in citizen's id, or the guest's (the subject of the guest
 * token), of the session the sender was opened with. Ids only: no token is ever readable by the page.
 */
export interface SessionIds {
  readonly userId: string | null;
  readonly guestId: string | null;
}

/** Before the sender has said whose session it carries. */
export const UNKNOWN_SESSION: SessionIds = { userId: null, guestId: null };

export interface AnalyticsQueueDeps {
  /** Consent to analytics (the cookie-consent banner): nothing is recorded without it. */
  hasConsent(): boolean;
  context(): AnalyticsContext;
  newId(): string;
  now(): number;
  /** The most events kept while the sender is not ready; the oldest go first. */
  limit?: number;
}

export interface AnalyticsQueue {
  /** Records an event: sent at once when the sender is ready, else queued. False when not recorded. */
  track(eventName: string): boolean;
  /**
   * The sender is ready (the socket opened, for `session`): queued events go out first, in order. Every event
   * leaves with `session`'s ids, those tracked before it opened too: the server files an event under the
   * session that sends it, so that is whose event it is.
   */
  connect(send: (message: AnalyticsMessage) => void, session: SessionIds): void;
  /** The server stored the event (or will never take it): it is forgotten. */
  acknowledge(eventId: string): void;
  /** The server could not take the event now: it goes out again at the next `resend`, in its place. */
  refuse(eventId: string): void;
  /** Sends again what was refused or is still waiting. */
  resend(): void;
  /**
   * The sender went away: what was sent but not acknowledged goes out again, first and in order, on the
   * next `connect` (the server counts an event id once, so a repeat is harmless).
   */
  disconnect(): void;
  /** Everything not yet acknowledged, in order, taken out of the queue (the page's last beacon). */
  takeUnacknowledged(): AnalyticsMessage[];
  /** Drops everything, sent or not (consent withdrawn). */
  clear(): void;
  /** Events waiting to be sent. */
  pending(): number;
}

const idOf = (message: AnalyticsMessage) => message.data.metadata.eventId;
const signed = (message: AnalyticsMessage, { userId, guestId }: SessionIds): AnalyticsMessage =>
  message.data.metadata.userId === userId && message.data.metadata.guestId === guestId
    ? message
    : { ...message, data: { ...message.data, metadata: { ...message.data.metadata, userId, guestId } } };
const inOrder = (messages: AnalyticsMessage[]) =>
  messages.sort((a, b) => a.data.metadata.timestampDate.localeCompare(b.data.metadata.timestampDate));

/**
 * docs/product.md §4: events are queued until the sender is ready, then flushed in order; only with consent. Each is
 * kept until the server acknowledges it, so nothing is lost when the connection drops.
 */
export function createAnalyticsQueue(deps: AnalyticsQueueDeps): AnalyticsQueue {
  const limit = deps.limit ?? 200;
  let queued: AnalyticsMessage[] = [];
  let sent: AnalyticsMessage[] = [];
  let send: ((message: AnalyticsMessage) => void) | null = null;
  let session = UNKNOWN_SESSION;

  const flush = () => {
    // Consent withdrawn while events waited: they are dropped, never sent.
    if (!deps.hasConsent()) queued = [];
    while (send && queued.length > 0) {
      const waiting = queued.shift();
      if (waiting) {
        const next = signed(waiting, session);
        sent.push(next);
        send(next);
      }
    }
  };

  return {
    track(eventName) {
      if (!deps.hasConsent()) return false;
      const metadata: AnalyticsEvent = {
        ...deps.context(),
        ...session,
        eventId: deps.newId(),
        platform: 'Web',
        timestampDate: new Date(deps.now()).toISOString(),
        eventName,
      };
      queued.push({ action: 'send', data: { eventName, metadata } });
      // Past the limit, the oldest waiting events go first.
      if (queued.length + sent.length > limit) queued = queued.slice(-Math.max(0, limit - sent.length));
      flush();
      return true;
    },
    connect(sender, ids) {
      send = sender;
      session = ids;
      flush();
    },
    acknowledge(eventId) {
      sent = sent.filter((message) => idOf(message) !== eventId);
    },
    refuse(eventId) {
      const refused = sent.filter((message) => idOf(message) === eventId);
      sent = sent.filter((message) => idOf(message) !== eventId);
      queued = inOrder([...refused, ...queued]);
    },
    resend: () => flush(),
    disconnect() {
      send = null;
      queued = inOrder([...sent, ...queued]);
      sent = [];
    },
    takeUnacknowledged() {
      const all = inOrder([...sent, ...queued]).map((message) => signed(message, session));
      sent = [];
      queued = [];
      return all;
    },
    clear() {
      sent = [];
      queued = [];
      session = UNKNOWN_SESSION;
    },
    pending: () => queued.length,
  };
}
