import type { Config } from '../../config.js';
import type { NotificationKindValue, NotificationSettingsTable } from '../../db/tables/notifications.js';

export type NotificationKind = NotificationKindValue;

export const DAY_MS = 24 * 60 * 60_000;

/** The UTC day a time falls on, as the groups of likes and follows count days (ADR 077). */
const dayOf = (at: number): number => Math.floor(at / DAY_MS);

/**
 * The group each notification joins (ADR 077): a post's likes of one day, one day's follows, and a group of its
 * own for a friend request, its acceptance and a post's mention. A key names its kind first, so an undo finds
 * what it told by the key or by its prefix.
 */
export const groupKeys = {
  like: (postId: string, at: number) => `like:${postId}:${dayOf(at)}`,
  /** Every day's group of a post's likes. */
  likesOf: (postId: string) => `like:${postId}:`,
  follow: (at: number) => `follow:${dayOf(at)}`,
  /** Every day's group of follows. */
  follows: 'follow:',
  friendRequest: (requestId: string) => `friendRequest:${requestId}`,
  friendAccepted: (requestId: string) => `friendAccepted:${requestId}`,
  mention: (postId: string) => `mention:${postId}`,
  /** A post's comments of one day, told to its author (ADR 084). */
  comment: (postId: string, at: number) => `comment:${postId}:${dayOf(at)}`,
  /** Every day's group of a post's comments. */
  commentsOf: (postId: string) => `comment:${postId}:`,
  /** A thread's replies of one day, told to its first comment's author. */
  reply: (threadId: string, at: number) => `reply:${threadId}:${dayOf(at)}`,
  /** Every day's group of a thread's replies. */
  repliesOf: (threadId: string) => `reply:${threadId}:`,
  commentMention: (commentId: string) => `commentMention:${commentId}`,
} as const;

/** The friend request a friend request's group names (groupKeys.friendRequest read back); null for other keys. */
export const requestIdOf = (groupKey: string): string | null =>
  groupKey.startsWith('friendRequest:') ? groupKey.slice('friendRequest:'.length) : null;

/**
 * The switches a citizen turns on (1) or off (0), each a settings column (the contract's NotificationPreferences).
 */
const switchColumns = {
  like: 'like_on',
  follow: 'follow_on',
  friendRequest: 'friend_request_on',
  friendAccepted: 'friend_accepted_on',
  mention: 'mention_on',
  comment: 'comment_on',
} as const satisfies Record<string, keyof NotificationSettingsTable>;

export type NotificationSwitch = keyof typeof switchColumns;

/** The switch of each kind: a mention in a comment is a mention, a reply to my comment a comment (ADR 084). */
export const switchOf = {
  like: 'like',
  follow: 'follow',
  friendRequest: 'friendRequest',
  friendAccepted: 'friendAccepted',
  mention: 'mention',
  comment: 'comment',
  reply: 'comment',
  commentMention: 'mention',
} as const satisfies Record<NotificationKind, NotificationSwitch>;

type SwitchColumn = (typeof switchColumns)[NotificationSwitch];

/** The settings column that turns a kind on (1) or off (0). */
export const settingOf = (kind: NotificationKind): SwitchColumn => switchColumns[switchOf[kind]];

export const notificationSwitches = Object.keys(switchColumns) as NotificationSwitch[];

/** The column of a switch. */
export const columnOf = (choice: NotificationSwitch): SwitchColumn => switchColumns[choice];

/**
 * The kinds this server tells at all: likes only where LIKE_NOTIFICATIONS is on (off by default until the like path
 * carries their notices within its goal, ADR 077). The one place that says so: the like and unlike calls ask it,
 * and the settings answer it, so a citizen is not offered a switch that does nothing.
 */
export const tellsLikes = (config: Pick<Config, 'LIKE_NOTIFICATIONS'>): boolean => config.LIKE_NOTIFICATIONS === 'true';

export const kindsTold = (config: Pick<Config, 'LIKE_NOTIFICATIONS'>): NotificationSwitch[] =>
  notificationSwitches.filter((choice) => choice !== 'like' || tellsLikes(config));
