import type { CommentView, PersonView, PostView, ProfileView, SuggestedCreatorView } from '@civitas/contract';

let counter = 0;
/** A fresh valid UUID (v7 layout) for each call, so tests never share ids by accident. */
export function uuid(): string {
  counter += 1;
  return `0190a5b0-7d4e-7c3a-9f1e-${counter.toString(16).padStart(12, '0')}`;
}

const author = { id: uuid(), username: 'alice', displayName: 'Alice', profilePictureUri: null, country: 'GB' };

/** A post as the contract describes it. */
export function post(overrides: Partial<PostView> = {}): PostView {
  return {
    id: uuid(),
    author,
    caption: { content: 'Hello', mentions: [] },
    hashtags: [],
    mediaType: 'image',
    media: {
      status: 'ready',
      renditions: [],
      placeholder: null,
      imageUri: '/media/a.jpg',
      coverImageUri: null,
      videoUri: null,
      hlsUri: null,
      width: 100,
      height: 100,
      altText: null,
    },
    moreMedia: [],
    externalLink: null,
    sharingOptions: 'public',
    mentionRequest: [],
    likesOverviewDetails: { likesCount: 3, liked: false },
    commentsCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    createdAtTimestampInMilliseconds: 1_735_689_600_000,
    updatedAt: '2025-01-01T00:00:00.000Z',
    moderationDecision: null,
    ...overrides,
  };
}

/** A comment under the post `postId` (a fresh one by default), as the contract describes it. */
export function comment(overrides: Partial<CommentView> = {}): CommentView {
  return {
    id: uuid(),
    postId: uuid(),
    parentId: null,
    author,
    text: { content: 'Lovely', mentions: [] },
    hashtags: [],
    createdAt: '2025-01-02T00:00:00.000Z',
    createdAtTimestampInMilliseconds: 1_735_776_000_000,
    canDelete: false,
    moderationDecision: null,
    ...overrides,
  };
}

export function profile(overrides: Partial<ProfileView> = {}): ProfileView {
  return {
    id: uuid(),
    username: 'bob',
    displayName: 'Bob',
    profilePictureUri: null,
    country: 'GB',
    coverPictureUri: null,
    bio: '',
    isMe: false,
    amIFollowing: false,
    isFollowingMe: false,
    isFriends: false,
    amIMuting: false,
    friendRequestDetails: null,
    followersCount: 5,
    followingCount: 2,
    friendsCount: 1,
    postsCount: 4,
    ...overrides,
  };
}

export function person(overrides: Partial<PersonView> = {}): PersonView {
  const id = overrides.id ?? uuid();
  return {
    id,
    username: `p${id.slice(-4)}`,
    displayName: 'Person',
    profilePictureUri: null,
    country: 'GB',
    amIFollowing: false,
    isFriends: false,
    followersCount: 7,
    ...overrides,
  };
}

export function suggested(overrides: Partial<SuggestedCreatorView> = {}): SuggestedCreatorView {
  const base = person(overrides);
  return { ...base, citizenId: base.id, reason: 'popular', via: [], ...overrides };
}

export const socialOverview = (citizenId: string, followingCount = 10) => ({
  citizenId,
  followersCount: 1,
  followingCount,
  friendsCount: 0,
  postsCount: 0,
});
