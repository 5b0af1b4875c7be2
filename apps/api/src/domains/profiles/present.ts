import type { CitizenRole, FriendRequestDetails, MyProfileView, ProfileView } from '@civitas/contract';
import type { Selectable } from 'kysely';
import type { CitizensTable } from '../../db/tables/index.js';
import { citizenSummaryView, isoTime } from '../posts/present.js';
import type { PendingRequest, Relationship } from './relationships.js';

// Views are pure and synchronous: no I/O.

export const profileColumns = [
  'id',
  'username',
  'display_name',
  'profile_picture_uri',
  'cover_picture_uri',
  'country',
  'bio',
  'email',
  'language',
  'followers_count',
  'following_count',
  'friends_count',
  'posts_count',
  'created_at',
] as const;

export type ProfileRow = Pick<Selectable<CitizensTable>, (typeof profileColumns)[number]>;

type CountsRow = Pick<ProfileRow, 'followers_count' | 'following_count' | 'friends_count' | 'posts_count'>;

/** Counters are floored at 0 in SQL already; the floor here keeps a view valid whatever a row holds. */
export const socialCounts = (row: CountsRow) => ({
  followersCount: Math.max(0, row.followers_count),
  followingCount: Math.max(0, row.following_count),
  friendsCount: Math.max(0, row.friends_count),
  postsCount: Math.max(0, row.posts_count),
});

export const friendRequestDetails = (request: PendingRequest): FriendRequestDetails => ({
  id: request.id,
  createdAt: isoTime(request.createdAt),
  createdAtTimestampInMilliseconds: request.createdAt,
  isOutFriendRequest: request.outgoing,
  status: 'requested',
});

export const profileView = (row: ProfileRow, relationship: Relationship, isMe: boolean): ProfileView => ({
  ...citizenSummaryView(row),
  coverPictureUri: row.cover_picture_uri,
  bio: row.bio,
  isMe,
  amIFollowing: relationship.amIFollowing,
  isFollowingMe: relationship.isFollowingMe,
  isFriends: relationship.isFriends,
  amIMuting: relationship.amIMuting,
  friendRequestDetails: relationship.pendingRequest ? friendRequestDetails(relationship.pendingRequest) : null,
  ...socialCounts(row),
});

/** My own profile, with the roles I hold (read per request beside the row: ADR 073). */
export const myProfileView = (row: ProfileRow, roles: readonly CitizenRole[]): MyProfileView => ({
  ...citizenSummaryView(row),
  email: row.email,
  coverPictureUri: row.cover_picture_uri,
  bio: row.bio,
  language: row.language,
  createdAt: isoTime(row.created_at),
  roles: [...roles],
  ...socialCounts(row),
});
