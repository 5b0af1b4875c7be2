import { z } from 'zod';
import { Id } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { userText } from '../text.js';

/** The largest message (in bytes of UTF-8) the analytics socket and its HTTP twin take; larger ones are refused. */
export const ANALYTICS_MESSAGE_MAX_BYTES = 4096;
/** Events one HTTP call may carry (what a page had left to send when it closed). */
export const ANALYTICS_BATCH_MAX = 100;

export const AnalyticsEventName = z
  .string()
  .regex(
    /^[a-z][a-z0-9_]{0,63}$/,
    'eventName must be 1 to 64 lower-case letters, digits or "_", starting with a letter',
  );

const shortText = (field: string) => userText({ field, max: 64, trim: true });

/**
 * The analytics event of docs/product.md §3. The web app sends its session's `userId` or `guestId` (ADR 059), but
 * they are never believed: the server sets them from the session that sent the event.
 */
export const AnalyticsEvent = z
  .strictObject({
    eventId: Id.describe('Made by the sender, once per event; an event sent again with the same id counts once'),
    eventName: AnalyticsEventName,
    platform: z.literal('Web'),
    browserName: shortText('browserName'),
    browserVersion: shortText('browserVersion'),
    os: shortText('os'),
    deviceType: z.enum(['android_phone', 'i_phone', '']),
    currentUrl: z
      .url({ protocol: /^https?$/, error: 'currentUrl must be an http(s) address' })
      .max(1024, 'currentUrl must be at most 1024 characters')
      .describe("One of this site's pages, without its query string or fragment (removed here if sent)"),
    timestampDate: z.iso.datetime({ offset: true, error: 'timestampDate must be an ISO 8601 date-time' }),
    userId: Id.nullish(),
    guestId: Id.nullish(),
  })
  .meta({ id: 'AnalyticsEvent' });

/** What the browser sends: an action "send" whose data holds the event name and the event (docs/product.md §3). */
export const AnalyticsMessage = z
  .strictObject({
    action: z.literal('send'),
    data: z.strictObject({ eventName: AnalyticsEventName, metadata: AnalyticsEvent }),
  })
  .refine((message) => message.data.eventName === message.data.metadata.eventName, {
    message: 'data.eventName must be the same as data.metadata.eventName',
    path: ['data', 'eventName'],
  })
  .meta({ id: 'AnalyticsMessage' });

/**
 * Why an event was refused. MALFORMED: not JSON; INVALID: not an analytics message; TOO_LARGE: over
 * ANALYTICS_MESSAGE_MAX_BYTES; RATE_LIMITED: too many events, send it again after `retryAfterMs`;
 * NOT_STORED: the server could not keep it now, send it again.
 */
export const AnalyticsRefusalCode = z.enum(['MALFORMED', 'INVALID', 'TOO_LARGE', 'RATE_LIMITED', 'NOT_STORED']);

/** The socket's answers: an acknowledgement once an event is stored (or was already), or a refusal. */
export const AnalyticsServerFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ack'), eventId: Id }),
  z.object({
    type: z.literal('error'),
    code: AnalyticsRefusalCode,
    message: z.string(),
    eventId: Id.optional(),
    retryAfterMs: z.number().int().optional(),
  }),
]);

export const sendAnalyticsEvents = defineEndpoint({
  service: 'analytics',
  method: 'POST',
  path: '',
  access: 'citizenOrGuest',
  versions: ['1.0'],
  summary: `The HTTP twin of the analytics websocket (GET /api/analytics, an upgrade): what a page had not yet had acknowledged when it closed, sent with sendBeacon. Up to ${ANALYTICS_BATCH_MAX} messages; events already stored are acknowledged again without counting twice.`,
  body: z.strictObject({ messages: z.array(AnalyticsMessage).min(1).max(ANALYTICS_BATCH_MAX) }),
  errors: [413, 429],
  success: {
    status: 200,
    body: z.object({
      acknowledged: z.array(Id),
      refused: z.array(z.object({ eventId: Id, code: AnalyticsRefusalCode, message: z.string() })),
    }),
  },
});

export const analyticsEndpoints = [sendAnalyticsEvents] as const;
