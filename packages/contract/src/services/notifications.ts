import { z } from 'zod';
import { ContinuationQuery, continuationPage, Id, IsoDateTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { CitizenSummary } from '../views.js';

/** What a notification tells (ADR 077): a like of my post, a new follower, a friend request to me, my request accepted, a mention of me. */
export const NotificationKind = z.enum(['like', 'follow', 'friendRequest', 'friendAccepted', 'mention']);

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

/** Each kind on or off; every kind is on until its citizen turns it off. */
export const NotificationPreferences = z
  .object({
    like: z.boolean(),
    follow: z.boolean(),
    friendRequest: z.boolean(),
    friendAccepted: z.boolean(),
    mention: z.boolean(),
  })
  .meta({ id: 'NotificationPreferences' });

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
  summary: 'Which kinds of notification I am told of',
  success: { status: 200, body: NotificationPreferences },
});

export const updateNotificationPreferences = defineEndpoint({
  service: 'notifications',
  method: 'PUT',
  path: '/v1/preferences',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Turn kinds of notification on or off (the kinds not named stay as they are); answers all of them',
  body: NotificationPreferences.partial(),
  success: { status: 200, body: NotificationPreferences },
});

/**
 * What the live stream sends (ADR 078): `notification` events (a line of the list, new or grown, its `id` the
 * event's id, so a reconnection's `Last-Event-ID` resumes after it) and `unread` events (the unread count, after
 * every change and when the stream opens). Comments (`: heartbeat`) keep the connection open.
 */
export const NotificationStreamEvent = z
  .union([NotificationView, UnreadNotificationCount])
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

export const notificationsEndpoints = [
  getNotifications,
  getUnreadNotificationCount,
  markNotificationsRead,
  getNotificationPreferences,
  updateNotificationPreferences,
  streamNotifications,
] as const;

export type NotificationKind = z.infer<typeof NotificationKind>;
export type NotificationView = z.infer<typeof NotificationView>;
export type NotificationPreferences = z.infer<typeof NotificationPreferences>;
