import type { Generated } from 'kysely';

/** What a notification is about (ADR 077); the contract's `NotificationKind`. */
export type NotificationKindValue =
  | 'like'
  | 'follow'
  | 'friendRequest'
  | 'friendAccepted'
  | 'mention'
  | 'comment'
  | 'reply'
  | 'commentMention';

/** One thing that happened to `recipient_id`, done by `actor_id`, in the group its key names. */
export interface NotificationsTable {
  id: string;
  recipient_id: string;
  group_key: string;
  actor_id: string;
  created_at: number;
}

/** What the list shows: a group of notifications, its newest row's id and time, and how many actors it holds. */
export interface NotificationGroupsTable {
  recipient_id: string;
  group_key: string;
  kind: NotificationKindValue;
  post_id: string | null;
  latest_id: string;
  latest_at: number;
  actor_count: number;
}

/** How far a citizen has read, and the kinds they turned off (1 on, 0 off). */
export interface NotificationSettingsTable {
  citizen_id: string;
  read_up_to: string | null;
  like_on: Generated<number>;
  follow_on: Generated<number>;
  friend_request_on: Generated<number>;
  friend_accepted_on: Generated<number>;
  mention_on: Generated<number>;
  /** Comments on my posts and replies to my comments (ADR 084). */
  comment_on: Generated<number>;
}
