import { z } from 'zod';
import { ContinuationQuery, continuationPage, Id, IsoDateTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { CitizenSummary } from '../views.js';

/**
 * What a notification tells (ADR 077): a like of my post, a new follower, a friend request to me, my request
 * accepted, a mention of me in a post; and (ADR 084) a comment on my post, a reply to my comment, a mention of me in
 * a comment.
 */
export const NotificationKind = z.enum([
  'like',
  'follow',
  'friendRequest',
  'friendAccepted',
  'mention',
  'comment',
  'reply',
  'commentMention',
]);

/** The post a notification is about, as small as the list shows it; null when the reader may no longer see it. */
export const NotificationPostView = z
  .object({
    id: Id,
    /** The picture (or a video's cover) at its smallest width; null while there is none. */
    pictureUri: z.string().nullable(),
    /** The picture's placeholder colour or blur, shown until it arrives. */
    placeholder: z.string().nullable(),
  })
  .meta({ id: 'NotificationPost' });

/**
 * One line of the list: a group of notifications (a post's likes of one day, one day's follows) or a single one
 * (a request, an acceptance, a mention). `id` is the group's newest notification: `read` marks up to it.
 */
export const NotificationView = z
  .object({
    id: Id,
    kind: NotificationKind,
    /** The newest actors first, at most three. */
    actors: z.array(CitizenSummary).max(3),
    /** Everyone in the group ("and 3 others"). */
    actorCount: z.number().int().min(1),
    post: NotificationPostView.nullable(),
    /** A friend request's id while it is still pending, so the list can answer it; otherwise null. */
    friendRequestId: Id.nullable(),
    createdAt: IsoDateTime,
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });

export const UnreadNotificationCount = z
  .object({ count: z.number().int().min(0) })
  .meta({ id: 'UnreadNotificationCount' });

/**
 * Each switch on or off; every one is on until its citizen turns it off. `mention` covers mentions in posts and in
 * comments, `comment` comments on my posts and replies to my comments.
 */
export const NotificationPreferences = z
  .object({
    like: z.boolean(),
    follow: z.boolean(),
    friendRequest: z.boolean(),
    friendAccepted: z.boolean(),
    mention: z.boolean(),
    comment: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });

/** My switches, and which kinds this server tells at all (a kind not there is never told, whatever its switch). */
export const NotificationSettingsView = NotificationPreferences.extend({
  /** The switches this server tells at all. */
  told: z.array(NotificationPreferences.keyof()),
}).meta({ id: 'NotificationSettings' });

export const getNotifications = defineEndpoint({
  service: 'notifications',
  method: 'GET',
  path: '/v1/notifications',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'My notifications, grouped, the most recently active group first',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(NotificationView).meta({ id: 'NotificationsPage' }) },
});

export const getUnreadNotificationCount = defineEndpoint({
  service: 'notifications',
  method: 'GET',
  path: '/v1/unread-count',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'How many lines of my notifications I have not read',
  success: { status: 200, body: UnreadNotificationCount },
});

export const markNotificationsRead = defineEndpoint({
  service: 'notifications',
  method: 'POST',
  path: '/v1/read',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Mark my notifications read up to one (a line’s id), or all of them when no id is given; answers the unread count left',
  body: z.object({ upTo: Id.optional() }).nullish(),
  success: { status: 200, body: UnreadNotificationCount },
});

export const getNotificationPreferences = defineEndpoint({
  service: 'notifications',
  method: 'GET',
  path: '/v1/preferences',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Which kinds of notification I am told of, and which this server tells at all',
  success: { status: 200, body: NotificationSettingsView },
});

export const updateNotificationPreferences = defineEndpoint({
  service: 'notifications',
  method: 'PUT',
  path: '/v1/preferences',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Turn kinds of notification on or off (the kinds not named stay as they are); answers all of them',
  body: NotificationPreferences.partial(),
  success: { status: 200, body: NotificationSettingsView },
});

/** The last event of a stream the server ends for a newer one of the same citizen (`closed`). */
export const NotificationStreamClosed = z
  .object({ reason: z.literal('replaced') })
  .meta({ id: 'NotificationStreamClosed' });

/**
 * What the live stream sends (ADR 078): `notification` events (a line of the list, new or grown, its `id` the
 * event's id, so a reconnection's `Last-Event-ID` resumes after it), `unread` events (the unread count, after
 * every change and when the stream opens) and, when a newer stream of the citizen replaces it, one `closed` event
 * (the browser should not reconnect until it is used again). Comments (`: heartbeat`) keep the connection open.
 */
export const NotificationStreamEvent = z
  .union([NotificationView, UnreadNotificationCount, NotificationStreamClosed])
  .meta({ id: 'NotificationStreamEvent' });

export const streamNotifications = defineEndpoint({
  service: 'notifications',
  method: 'GET',
  path: '/v1/stream',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'My notifications live, as server-sent events: each new or grown line, and the unread count; resumes after `Last-Event-ID`',
  eventStream: true,
  success: { status: 200, body: NotificationStreamEvent },
});

/** The server's application server key (VAPID, ADR 079): what a browser's `pushManager.subscribe` is given. */
export const PushKey = z
  .object({
    /** The uncompressed P-256 public key, base64url: the `applicationServerKey` of a subscription. */
    publicKey: z.string(),
  })
  .meta({ id: 'PushKey' });

/** The longest push endpoint taken; browsers' push services use a few hundred characters. */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

/**
 * A push service's address, as a browser's `PushSubscription.endpoint` gives it. The server takes only https
 * addresses of the public internet; plain http only to this machine, and only in development and tests (a
 * local push service), and says so in its answer.
 */
const PushEndpoint = z
  .url({ protocol: /^https?$/, error: 'must be the subscription’s endpoint, an https:// address' })
  .max(PUSH_ENDPOINT_MAX_LENGTH, `must be at most ${PUSH_ENDPOINT_MAX_LENGTH} characters`);

/** A key of a subscription, base64url (as `PushSubscription.toJSON()` gives it; trailing `=` are dropped). */
const subscriptionKey = (name: string, bytes: number) => {
  const characters = Math.ceil((bytes * 4) / 3);
  return z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9_-]{${characters}}=*$`),
      `must be the subscription’s ${name} key: ${bytes} bytes in base64url (${characters} characters)`,
    )
    .transform((key) => key.replace(/=+$/, ''));
};

/** A browser's push subscription, as `PushSubscription.toJSON()` gives it (its `expirationTime` is not kept). */
export const PushSubscriptionBody = z
  .object({
    endpoint: PushEndpoint,
    keys: z.object({
      /** The browser's P-256 public key, uncompressed (65 bytes): what the payload is encrypted to. */
      p256dh: subscriptionKey('p256dh', 65),
      /** The browser's authentication secret (16 bytes). */
      auth: subscriptionKey('auth', 16),
    }),
  })
  .meta({ id: 'PushSubscription' });

/**
 * What each push carries (ADR 079), encrypted to the subscription's keys: data, never sentences, so the service
 * worker words it in the citizen's own language. `kind` names what the push is about (only notifications so
 * far); `data` is the line that changed, as small as a push may be.
 */
export const NotificationPush = z
  .object({
    kind: z.literal('notification'),
    data: z.object({
      /** The line's id, as the list's (`NotificationView.id`). */
      id: Id,
      kind: NotificationKind,
      /** The same for every push of one line: a newer push of it replaces the one shown (a notification's `tag`). */
      tag: z.string(),
      actorCount: z.number().int().min(1),
      /** The newest actor who may be named (none when every actor is suspended). */
      actors: z.array(z.object({ username: z.string(), displayName: z.string() })).max(1),
      postId: Id.nullable(),
      /** My unread lines, this one included: for the app's badge. */
      unreadCount: z.number().int().min(0),
    }),
  })
  .meta({ id: 'NotificationPush' });

export const getPushKey = defineEndpoint({
  service: 'notifications',
  method: 'GET',
  path: '/v1/push/key',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'The server’s application server key (VAPID), to subscribe a browser to Web Push with',
  success: { status: 200, body: PushKey },
});

export const subscribeToPush = defineEndpoint({
  service: 'notifications',
  method: 'POST',
  path: '/v1/push/subscriptions',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Send my notifications to this browser by Web Push; an endpoint already stored becomes mine. Ten per citizen: an eleventh replaces the oldest',
  body: PushSubscriptionBody,
  success: { status: 201, body: z.object({ id: Id }).meta({ id: 'PushSubscriptionId' }) },
});

export const unsubscribeFromPush = defineEndpoint({
  service: 'notifications',
  method: 'DELETE',
  path: '/v1/push/subscriptions',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Stop sending my notifications to this browser (an endpoint that is not mine, or not stored, changes nothing)',
  body: z.object({ endpoint: PushEndpoint }),
  success: { status: 204, body: null },
});

export const notificationsEndpoints = [
  getNotifications,
  getUnreadNotificationCount,
  markNotificationsRead,
  getNotificationPreferences,
  updateNotificationPreferences,
  streamNotifications,
  getPushKey,
  subscribeToPush,
  unsubscribeFromPush,
] as const;

export type NotificationKind = z.infer<typeof NotificationKind>;
export type NotificationView = z.infer<typeof NotificationView>;
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
export type NotificationSettingsView = z.infer<typeof NotificationSettingsView>;
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;
export type NotificationPush = z.infer<typeof NotificationPush>;
