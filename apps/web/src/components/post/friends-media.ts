/**
 * What a friends-only post's picture carries, so that FriendsMediaRetry (friends-media-retry.tsx) can tell its failed
 * load from any other (ADR 075). A module of its own: server components read it, and a value exported from a client
 * module would reach them as a reference, not as the value.
 */
export const FRIENDS_MEDIA_ATTRIBUTE = { 'data-audience': 'friends' } as const;

/** The attribute for a post's picture by the post's sharing: friends-only pictures carry it, public ones nothing. */
export const friendsMediaAttribute = (sharing: 'public' | 'private') =>
  sharing === 'private' ? FRIENDS_MEDIA_ATTRIBUTE : {};
