import type { AnalyticsMessage } from '@civitas/contract';
import type { z } from 'zod';
import type { Caller } from '../../http/auth/tokens.js';

/** Who may send analytics events: a browser session, signed in or not (never an app token). */
export type AnalyticsSender = Extract<Caller, { kind: 'citizen' | 'guest' }>;

export interface AnalyticsEventRow {
  id: string;
  event_name: string;
  citizen_id: string | null;
  guest_id: string | null;
  payload: string;
  created_at: number;
}

/** The page's address without what may carry personal data: the query string and the fragment. */
export function withoutQuery(address: string): string {
  const url = new URL(address);
  return `${url.origin}${url.pathname}`;
}

/**
 * Why an event is not kept, if it is not of one of this site's pages (`origin`): a page of ours only ever names
 * itself, so any other address is made up, and would fill the store with whatever a sender liked.
 */
export function notOurPage(message: z.output<typeof AnalyticsMessage>, origin: string): string | null {
  return new URL(message.data.metadata.currentUrl).origin === origin
    ? null
    : `Not an analytics message: data.metadata.currentUrl must be a page of ${origin}`;
}

/**
 * The row an event is kept as. The sender's identity comes from its session, never from the message: a
 * page cannot file events under someone else's name.
 */
export function eventRow(
  message: z.output<typeof AnalyticsMessage>,
  sender: AnalyticsSender,
  receivedAt: number,
): AnalyticsEventRow {
  const userId = sender.kind === 'citizen' ? sender.citizenId : null;
  const guestId = sender.kind === 'guest' ? sender.guestId : null;
  const event = message.data.metadata;
  return {
    id: event.eventId,
    event_name: event.eventName,
    citizen_id: userId,
    guest_id: guestId,
    payload: JSON.stringify({ ...event, currentUrl: withoutQuery(event.currentUrl), userId, guestId }),
    created_at: receivedAt,
  };
}
