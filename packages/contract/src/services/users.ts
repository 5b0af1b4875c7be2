import { z } from 'zod';
import { ContinuationQuery, continuationPage, Id, IdParams, IsoDateTime, OffsetQuery, Username } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { mediaLimits } from '../media-limits.js';
import { SINGLE_LINE_PATTERN, userText } from '../text.js';
import {
  CaptionView,
  CommentView,
  LikesOverviewDetails,
  MediaType,
  MyProfileView,
  PersonView,
  PostView,
  ProfileView,
  SharingOptions,
} from '../views.js';
import { DisplayName, LanguageCode } from './identity.js';
import { PostStatusView } from './uploads.js';

export const CAPTION_MAX_LENGTH = 2200;
/** A bio as long as a few lines of a phone's screen. */
export const BIO_MAX_LENGTH = 300;
export const MENTIONS_MAX = 20;

export const CaptionText = userText({ field: 'caption', max: CAPTION_MAX_LENGTH, multiline: true });

/** Ids of citizens picked in the mention picker; `@username` tokens in the caption are resolved as well. */
export const MentionRequest = z.array(Id).max(MENTIONS_MAX, `at most ${MENTIONS_MAX} mentions`).default([]);

export const ExternalLink = userText({ field: 'externalLink', max: 2048, trim: true }).pipe(
  z
    .url({ protocol: /^https?$/, error: 'externalLink must be an http or https URL' })
    .max(2048, 'externalLink must be at most 2048 characters'),
);

const AltText = userText({ field: 'altText', max: mediaLimits.altTextMaxLength, multiline: true, trim: true })
  .nullish()
  .describe('What the picture shows, for people who cannot see it');

/** An album's item after the first, as it is declared before its upload (ADR 086). */
export const AlbumItemRequest = z.object({ mediaType: MediaType, altText: AltText });

export const CreatePostBody = z.object({
  mediaType: MediaType,
  caption: CaptionText.default(''),
  mentionRequest: MentionRequest,
  externalLink: ExternalLink.nullish(),
  sharingOptions: SharingOptions,
  altText: AltText,
  moreMedia: z
    .array(AlbumItemRequest)
    .max(mediaLimits.albumMaxItems - 1, `an album holds at most ${mediaLimits.albumMaxItems} pictures and videos`)
    .default([])
    .describe(
      'An album: its items after the first (the first is mediaType and altText), in order; each is uploaded at its position (1, 2, …)',
    ),
});

export const createPost = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/v7/creators-content',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Create a post; it waits for its media upload, then processing, before it is shown to others',
  body: CreatePostBody,
  success: { status: 201, body: PostView },
});

export const getPostStatus = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/creators-content/status/:id',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Processing status of one of my posts: awaiting_upload, processing (stage, percent), ready, or failed (failureCode, failureMessage)',
  params: IdParams,
  success: { status: 200, body: PostStatusView },
});

export const deletePost = defineEndpoint({
  service: 'users',
  method: 'DELETE',
  path: '/creators-content/:id',
  access: 'citizen',
  versions: ['3.0'],
  summary: 'Delete one of my posts; it leaves every feed and list at once',
  params: IdParams,
  success: { status: 204, body: null },
});

export const updateCaption = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/creators-content/:id/caption',
  access: 'citizen',
  versions: ['4.0'],
  summary: 'Edit the caption of one of my posts',
  params: IdParams,
  body: z.object({ caption: CaptionText, mentionRequest: MentionRequest }),
  success: {
    status: 200,
    body: z.object({ caption: CaptionView, mentionRequest: z.array(Id), hashtags: z.array(z.string()) }),
  },
});

export const COMMENT_MAX_LENGTH = 1000;

export const CommentText = userText({ field: 'text', max: COMMENT_MAX_LENGTH, min: 1, multiline: true, trim: true });

export const createComment = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/v1/creators-content/:id/comments',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Comment on a post I may see, or reply to one of its comments (`parentId`; a reply to a reply joins the same thread); `@username` mentions are linked and told. 403 COMMENTS_OFF when its author turned comments off',
  params: IdParams,
  body: z.object({
    text: CommentText,
    parentId: Id.nullish().describe('The comment this one answers; absent for a comment on the post'),
  }),
  success: { status: 201, body: CommentView },
});

export const deleteComment = defineEndpoint({
  service: 'users',
  method: 'DELETE',
  path: '/v1/comments/:commentId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Delete a comment I wrote, or any comment under my post; its replies go with it',
  params: z.object({ commentId: Id }),
  success: { status: 204, body: null },
});

export const setPostComments = defineEndpoint({
  service: 'users',
  method: 'PUT',
  path: '/v1/creators-content/:id/comments-off',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Turn comments off (or on again) for one of my posts; the comments written stay',
  params: IdParams,
  body: z.object({ commentsOff: z.boolean() }),
  success: { status: 200, body: z.object({ commentsOff: z.boolean() }).meta({ id: 'PostComments' }) },
});

export const getMe = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/influencers/me',
  access: 'citizen',
  versions: ['5.0'],
  summary: 'My profile',
  success: { status: 200, body: MyProfileView },
});

export const setMyLanguage = defineEndpoint({
  service: 'users',
  method: 'PUT',
  path: '/influencers/me/language',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Set my language: the interface language my other devices adopt when I sign in there, and the language of my emails',
  body: z.object({ language: LanguageCode }),
  success: { status: 204, body: null },
});

export const updateMyProfile = defineEndpoint({
  service: 'users',
  method: 'PUT',
  path: '/influencers/me/profile',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Change the name and the bio others see on my profile and beside my posts; answers my profile as saved',
  body: z.object({
    displayName: DisplayName,
    bio: userText({ field: 'bio', max: BIO_MAX_LENGTH, multiline: true, trim: true }),
  }),
  success: { status: 200, body: MyProfileView },
});

export const setMyProfilePicture = defineEndpoint({
  service: 'users',
  method: 'PUT',
  path: '/influencers/me/profile-picture',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Replace my profile picture: the picture’s bytes as application/octet-stream (JPEG, PNG, WebP, GIF or AVIF, within the upload limits). It is cropped to a square from its centre, stripped of metadata and re-encoded; the earlier one is deleted. Answers my profile as saved.',
  rawBody: true,
  errors: [413, 415, 422],
  success: { status: 200, body: MyProfileView },
});

export const removeMyProfilePicture = defineEndpoint({
  service: 'users',
  method: 'DELETE',
  path: '/influencers/me/profile-picture',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Remove my profile picture (the placeholder shows instead); its files are deleted. Answers my profile.',
  success: { status: 200, body: MyProfileView },
});

export const setMyCoverPicture = defineEndpoint({
  service: 'users',
  method: 'PUT',
  path: '/influencers/me/cover-picture',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Replace the cover across the top of my profile: the picture’s bytes as application/octet-stream (as for my profile picture). It is cropped to 3:1 from its centre (1500×500), stripped of metadata and re-encoded; the earlier one is deleted. Answers my profile as saved.',
  rawBody: true,
  errors: [413, 415, 422],
  success: { status: 200, body: MyProfileView },
});

export const removeMyCoverPicture = defineEndpoint({
  service: 'users',
  method: 'DELETE',
  path: '/influencers/me/cover-picture',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Remove my cover (the placeholder shows instead); its files are deleted. Answers my profile.',
  success: { status: 200, body: MyProfileView },
});

export const getProfile = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/influencers/profile/:username',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'A citizen’s profile with my relationship to them',
  params: z.object({ username: Username }),
  success: { status: 200, body: ProfileView },
});

export const HashtagView = z
  .object({
    name: z.string(),
    postsCount: z
      .number()
      .int()
      .min(0)
      .describe(
        'Posts everyone may see under the tag: public and published (friends-only posts and drafts are not counted)',
      ),
  })
  .meta({ id: 'Hashtag' });

export const listHashtags = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/hashtags',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Hashtags of public, published posts for the hashtag picker, most used first; `search` matches the start of the tag',
  querystring: OffsetQuery.extend({
    search: userText({ field: 'search', max: 100, trim: true })
      .transform((value) => value.replace(/^#/, '').trim())
      .meta({
        description:
          'The start of a hashtag, a leading # allowed: at most 100 characters (counted as a person counts them), one line, no control characters, bidirectional overrides or lone surrogates',
        pattern: SINGLE_LINE_PATTERN,
      })
      .optional(),
  }),
  success: {
    status: 200,
    body: z
      .object({ data: z.array(HashtagView), total: z.number().int(), totalHashTags: z.number().int() })
      .meta({ id: 'HashtagPage' }),
  },
});

export const dismissSuggestion = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/dismiss-relevant-profile-suggestion',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Never suggest this person again',
  body: z.object({ suggestedProfileId: Id }),
  success: { status: 204, body: null },
});

const LikeResult = z.object({ contentId: Id, likesOverviewDetails: LikesOverviewDetails });

export const likePost = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/liked-creators-content/:id',
  access: 'citizen',
  versions: ['3.0'],
  summary: 'Like a post (idempotent)',
  params: IdParams,
  success: { status: 200, body: LikeResult },
});

export const unlikePost = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/un-liked-creators-content/:id',
  access: 'citizen',
  versions: ['3.0'],
  summary: 'Take back a like (idempotent; the count never goes below 0)',
  params: IdParams,
  success: { status: 200, body: LikeResult },
});

const CitizenParams = z.object({ citizenId: Id });
const FollowResult = z.object({ citizenId: Id, amIFollowing: z.boolean(), followingCount: z.number().int().min(0) });

export const follow = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/follow/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Follow a citizen (idempotent); `followingCount` is mine after the call',
  params: CitizenParams,
  success: { status: 200, body: FollowResult },
});

export const unfollow = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/unfollow/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Stop following a citizen (idempotent)',
  params: CitizenParams,
  success: { status: 200, body: FollowResult },
});

/** What block, unblock, mute and unmute answer: whom, and whether the block or mute stands after the call. */
const BlockResult = z.object({ citizenId: Id, blocked: z.boolean() });
const MuteResult = z.object({ citizenId: Id, muted: z.boolean() });

export const block = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/block/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Block a citizen (idempotent): any follow either way, friendship and pending friend request between us ends; until I unblock, neither of us sees the other’s profile or posts, and neither can follow, befriend, like the other’s posts or mention the other',
  params: CitizenParams,
  success: { status: 200, body: BlockResult },
});

export const unblock = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/unblock/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Lift my block of a citizen (idempotent); what the block ended stays ended',
  params: CitizenParams,
  success: { status: 200, body: BlockResult },
});

export const mute = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/mute/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Mute a citizen (idempotent): their posts leave my stage, hashtag feeds and loved lists; their profile and a post opened directly still show, and they are not told',
  params: CitizenParams,
  success: { status: 200, body: MuteResult },
});

export const unmute = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/unmute/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Stop muting a citizen (idempotent)',
  params: CitizenParams,
  success: { status: 200, body: MuteResult },
});

export const BlockedOrMutedView = z
  .object({
    citizen: PersonView,
    /** When I blocked or muted them. */
    since: IsoDateTime,
    sinceTimestampInMilliseconds: z.number().int(),
  })
  .meta({ id: 'BlockedOrMutedCitizen' });

export const getBlocked = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/influencers/me/blocked',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'The citizens I blocked, most recent first; the last page carries no token',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(BlockedOrMutedView).meta({ id: 'BlockedCitizensPage' }) },
});

export const getMuted = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/influencers/me/muted',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'The citizens I muted, most recent first; the last page carries no token',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(BlockedOrMutedView).meta({ id: 'MutedCitizensPage' }) },
});

export const sendFriendRequest = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/friend-request/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Ask a citizen to be friends; 409 when a request between you is pending or you are friends already',
  params: CitizenParams,
  success: { status: 201, body: z.object({ friendRequestId: Id }) },
});

export const unfriend = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/influencers/me/unfriend/:citizenId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'End a friendship (idempotent)',
  params: CitizenParams,
  success: { status: 200, body: z.object({ citizenId: Id, isFriends: z.literal(false) }) },
});

const friendRequestAction = (action: 'cancel' | 'approve' | 'decline', summary: string) =>
  defineEndpoint({
    service: 'users',
    method: 'POST',
    path: `/influencers/me/${action}-friend-request/:id`,
    access: 'citizen',
    versions: ['1.0'],
    summary,
    params: IdParams,
    success: {
      status: 200,
      body: z.object({ friendRequestId: Id, citizenId: Id, isFriends: z.boolean() }),
    },
  });

export const cancelFriendRequest = friendRequestAction('cancel', 'Withdraw a friend request I sent');
export const approveFriendRequest = friendRequestAction(
  'approve',
  'Accept a friend request sent to me; we become friends',
);
export const declineFriendRequest = friendRequestAction('decline', 'Turn down a friend request sent to me');

export const IncomingFriendRequestView = z
  .object({
    /** What approve-friend-request and decline-friend-request take. */
    id: Id,
    createdAt: IsoDateTime,
    createdAtTimestampInMilliseconds: z.number().int(),
    from: PersonView,
  })
  .meta({ id: 'IncomingFriendRequest' });

export const getIncomingFriendRequests = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/influencers/me/friend-requests',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Friend requests sent to me and waiting for my answer, newest first; the last page carries no token',
  querystring: ContinuationQuery,
  success: {
    status: 200,
    body: continuationPage(IncomingFriendRequestView).meta({ id: 'IncomingFriendRequestsPage' }),
  },
});

/**
 * The public part of a profile, for share previews and server rendering: nothing about the caller. Its
 * `postsCount` counts only the public posts anyone may see, unlike the profile's own count.
 */
export const SharedProfileView = ProfileView.pick({
  id: true,
  username: true,
  displayName: true,
  profilePictureUri: true,
  country: true,
  coverPictureUri: true,
  bio: true,
  followersCount: true,
  followingCount: true,
  friendsCount: true,
  postsCount: true,
}).meta({ id: 'SharedProfile' });

export const getSharedProfile = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/v1/sharing/influencers/profile/:username',
  access: 'machine',
  scope: 'users',
  versions: ['1.0'],
  summary: 'The public part of a citizen’s profile, for share previews and server rendering',
  params: z.object({ username: Username }),
  success: { status: 200, body: SharedProfileView },
});

export const usersEndpoints = [
  createPost,
  createComment,
  deleteComment,
  setPostComments,
  getPostStatus,
  deletePost,
  updateCaption,
  getMe,
  setMyLanguage,
  updateMyProfile,
  setMyProfilePicture,
  removeMyProfilePicture,
  setMyCoverPicture,
  removeMyCoverPicture,
  getProfile,
  listHashtags,
  dismissSuggestion,
  likePost,
  unlikePost,
  follow,
  unfollow,
  block,
  unblock,
  mute,
  unmute,
  getBlocked,
  getMuted,
  sendFriendRequest,
  unfriend,
  cancelFriendRequest,
  approveFriendRequest,
  declineFriendRequest,
  getIncomingFriendRequests,
  getSharedProfile,
] as const;
