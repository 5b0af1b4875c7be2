export interface LikesTable {
  post_id: string;
  citizen_id: string;
  created_at: number;
}

export interface FollowsTable {
  follower_id: string;
  followee_id: string;
  created_at: number;
}

export interface FriendRequestsTable {
  id: string;
  from_id: string;
  to_id: string;
  created_at: number;
}

/** Stored in both directions, so "my friends" is one index range. */
export interface FriendshipsTable {
  citizen_id: string;
  friend_id: string;
  created_at: number;
}

export interface DismissedSuggestionsTable {
  citizen_id: string;
  dismissed_id: string;
  created_at: number;
}

/** `blocker_id` blocked `blocked_id` (ADR 069): while it stands neither sees nor reaches the other. */
export interface BlocksTable {
  blocker_id: string;
  blocked_id: string;
  created_at: number;
}

/** `muter_id` muted `muted_id` (ADR 069): the muted one's posts leave the muter's feeds and lists. */
export interface MutesTable {
  muter_id: string;
  muted_id: string;
  created_at: number;
}

/** A row of a citizen's following feed (ADR 083): a post of one of their streams (feeds/following-streams.ts). */
export interface FollowingTimelineTable {
  reader_id: string;
  post_id: string;
}
