import type { NotificationKind } from './kinds.js';

/** One thing to tell one citizen: who did what, about which post, in which group, when. */
export interface Notice {
  recipientId: string;
  actorId: string;
  kind: NotificationKind;
  postId: string | null;
  groupKey: string;
  at: number;
}
