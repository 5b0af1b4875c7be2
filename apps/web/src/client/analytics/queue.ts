import type { UserAgentFacts } from './user-agent';

/**
 * The analytics event of spec §3. The analytics socket's messages have no contract schema yet; when the
 * analytics domain adds one, these types give way to it.
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

/** Who and where, at the moment of an event. */
export interface AnalyticsContext extends UserAgentFacts {
  readonly currentUrl: string;
  readonly userId: string | null;
  readonly guestId: string | null;
}

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
  /** The sender is ready (the socket opened): queued events go out first, in order. */
  connect(send: (message: AnalyticsMessage) => void): void;
  /** The sender went away: events queue again. */
  disconnect(): void;
  pending(): number;
}

/** Spec §4: events are queued until the sender is ready, then flushed in order; only with consent. */
export function createAnalyticsQueue(deps: AnalyticsQueueDeps): AnalyticsQueue {
  const limit = deps.limit ?? 200;
  let queued: AnalyticsMessage[] = [];
  let send: ((message: AnalyticsMessage) => void) | null = null;

  const flush = () => {
    // Consent withdrawn while events waited: they are dropped, never sent.
    if (!deps.hasConsent()) queued = [];
    while (send && queued.length > 0) {
      const next = queued.shift();
      if (next) send(next);
    }
  };

  return {
    track(eventName) {
      if (!deps.hasConsent()) return false;
      const metadata: AnalyticsEvent = {
        ...deps.context(),
        eventId: deps.newId(),
        platform: 'Web',
        timestampDate: new Date(deps.now()).toISOString(),
        eventName,
      };
      queued.push({ action: 'send', data: { eventName, metadata } });
      if (queued.length > limit) queued = queued.slice(-limit);
      flush();
      return true;
    },
    connect(sender) {
      send = sender;
      flush();
    },
    disconnect() {
      send = null;
    },
    pending: () => queued.length,
  };
}
