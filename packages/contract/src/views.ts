import { z } from 'zod';
import { Id, IsoDateTime } from './common.js';
import type { CitizenRole } from './endpoint.js';

export const MediaType = z.enum(['image', 'video']);
export const SharingOptions = z.enum(['public', 'private']);
export const PostStatus = z.enum(['awaiting_upload', 'processing', 'ready', 'failed']);

export const CitizenSummary = z
  .object({
    id: Id,
    username: z.string(),
    displayName: z.string(),
    profilePictureUri: z.string().nullable(),
    country: z.string(),
  })
  .meta({ id: 'CitizenSummary' });

export const MentionView = z.object({ id: Id, username: z.string(), displayName: z.string() }).meta({ id: 'Mention' });

export const CaptionView = z.object({ content: z.string(), mentions: z.array(MentionView) }).meta({ id: 'Caption' });

export const LikesOverviewDetails = z
  .object({ likesCount: z.number().int().min(0), liked: z.boolean() })
  .meta({ id: 'LikesOverviewDetails' });

/** One width of a post's picture (of its cover for a video), WebP; `imageUri` is the JPEG fallback. */
export const ImageRenditionView = z
  .object({ width: z.number().int(), height: z.number().int(), uri: z.string() })
  .meta({ id: 'ImageRendition' });

export const MediaView = z
  .object({
    status: PostStatus,
    /** The picture (or a video's cover) at every width it was made in, narrowest first: for `srcset`. */
    renditions: z.array(ImageRenditionView),
    /** A tiny blurred picture (data URI) to show while the real one loads. */
    placeholder: z.string().nullable(),
    imageUri: z.string().nullable(),
    coverImageUri: z.string().nullable(),
    videoUri: z.string().nullable(),
    hlsUri: z.string().nullable(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    altText: z.string().nullable(),
  })
  .meta({ id: 'Media' });

/**
 * One item of an album after its first (ADR 086): a picture or a video, processed on its own, with its own
 * alternative text. The first item is the post's own `mediaType` and `media`, so a client that knows nothing of
 * albums shows a post's first item.
 */
export const AlbumItemView = z.object({ mediaType: MediaType, media: MediaView }).meta({ id: 'AlbumItem' });

/** Why a citizen reports a post or a citizen (ADR 070). */
export const ReportReason = z.enum(['spam', 'harassment', 'violence', 'sexual', 'illegal', 'other']);

/**
 * A moderator's decision on a post, shown to its author (nobody else sees a hidden post): what was done, for
 * which reported reason, and when.
 */
export const ModerationDecisionView = z
  .object({ action: z.enum(['hidden']), reason: ReportReason, decidedAt: IsoDateTime })
  .meta({ id: 'ModerationDecision' });

export const PostView = z
  .object({
    id: Id,
    author: CitizenSummary,
    caption: CaptionView,
    hashtags: z.array(z.string()),
    mediaType: MediaType,
    media: MediaView,
    /** An album's items after the first, in order (at most nine); empty for a post of one picture or video. */
    moreMedia: z.array(AlbumItemView),
    externalLink: z.string().nullable(),
    sharingOptions: SharingOptions,
    /** Ids of the citizens the caption mentions, as sent in the create/caption bodies. */
    mentionRequest: z.array(Id),
    likesOverviewDetails: LikesOverviewDetails,
    /** Its comments that no moderator hid (ADR 084, 085): read fresh with the likes. */
    commentsCount: z.number().int().min(0),
    createdAt: IsoDateTime,
    createdAtTimestampInMilliseconds: z.number().int(),
    updatedAt: IsoDateTime,
    /** Set while a moderator hides the post; only its author can see it then (ADR 070). */
    moderationDecision: ModerationDecisionView.nullable(),
  })
  .meta({ id: 'Post' });

/**
 * A comment under a post (ADR 084): its thread's first comment has no `parentId`; a reply names it. Its text is
 * linked as a caption is (mentions by id, hashtags as written).
 */
export const CommentView = z
  .object({
    id: Id,
    postId: Id,
    /** The comment this one replies to; null for a comment on the post itself. */
    parentId: Id.nullable(),
    author: CitizenSummary,
    text: CaptionView,
    /** The hashtags written in it, as a caption's are found (linked, not counted on the tags' pages). */
    hashtags: z.array(z.string()),
    createdAt: IsoDateTime,
    createdAtTimestampInMilliseconds: z.number().int(),
    /** I wrote it, or it is under my post: I may delete it. */
    canDelete: z.boolean(),
    /** Set while a moderator hides the comment; only its author sees it then (ADR 084). */
    moderationDecision: ModerationDecisionView.nullable(),
  })
  .meta({ id: 'Comment' });

export const PostOverview = z
  .object({ contentId: Id, likesOverviewDetails: LikesOverviewDetails, commentsCount: z.number().int().min(0) })
  .meta({ id: 'PostOverview' });

export const FriendRequestDetails = z
  .object({
    id: Id,
    createdAt: IsoDateTime,
    createdAtTimestampInMilliseconds: z.number().int(),
    isOutFriendRequest: z.boolean(),
    status: z.enum(['requested']),
  })
  .meta({ id: 'FriendRequestDetails' });

export const SocialCounts = z.object({
  followersCount: z.number().int().min(0),
  followingCount: z.number().int().min(0),
  friendsCount: z.number().int().min(0),
  postsCount: z.number().int().min(0),
});

export const ProfileView = CitizenSummary.extend({
  coverPictureUri: z.string().nullable(),
  bio: z.string(),
  isMe: z.boolean(),
  amIFollowing: z.boolean(),
  isFollowingMe: z.boolean(),
  isFriends: z.boolean(),
  /** I muted them: their posts leave my stage, hashtag feeds and loved lists (ADR 069). */
  amIMuting: z.boolean(),
  friendRequestDetails: FriendRequestDetails.nullable(),
  ...SocialCounts.shape,
}).meta({ id: 'Profile' });

/** A role a citizen may hold beyond being one (endpoint.ts's `CitizenRole`), given by the admin CLI (ADR 070). */
export const CitizenRoleName = z.enum(['moderator'] as const satisfies readonly CitizenRole[]);

export const MyProfileView = CitizenSummary.extend({
  email: z.string().nullable(),
  coverPictureUri: z.string().nullable(),
  bio: z.string(),
  language: z.string(),
  createdAt: IsoDateTime,
  /** The roles I hold (empty for most), read with each answer as the role checks read them (ADR 073). */
  roles: z.array(CitizenRoleName),
  ...SocialCounts.shape,
}).meta({ id: 'MyProfile' });

export const PersonView = CitizenSummary.extend({
  amIFollowing: z.boolean(),
  isFriends: z.boolean(),
  followersCount: z.number().int().min(0),
}).meta({ id: 'Person' });

export const SuggestionReason = z.enum([
  'followed_by_people_you_follow',
  'friend_of_friends',
  'same_country',
  'popular',
]);

export const SuggestedCreatorView = PersonView.extend({
  citizenId: Id,
  reason: SuggestionReason,
  /** Up to three usernames behind a network reason ("followed by alice and bob"). */
  via: z.array(z.string()),
}).meta({ id: 'SuggestedCreator' });

export type CitizenSummary = z.infer<typeof CitizenSummary>;
export type MentionView = z.infer<typeof MentionView>;
export type CaptionView = z.infer<typeof CaptionView>;
export type CommentView = z.infer<typeof CommentView>;
export type LikesOverviewDetails = z.infer<typeof LikesOverviewDetails>;
export type MediaView = z.infer<typeof MediaView>;
export type AlbumItemView = z.infer<typeof AlbumItemView>;
export type PostView = z.infer<typeof PostView>;
export type ModerationDecisionView = z.infer<typeof ModerationDecisionView>;
export type ReportReason = z.infer<typeof ReportReason>;
export type PostOverview = z.infer<typeof PostOverview>;
export type FriendRequestDetails = z.infer<typeof FriendRequestDetails>;
export type ProfileView = z.infer<typeof ProfileView>;
export type MyProfileView = z.infer<typeof MyProfileView>;
export type PersonView = z.infer<typeof PersonView>;
export type SuggestedCreatorView = z.infer<typeof SuggestedCreatorView>;
