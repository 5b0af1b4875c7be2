import { z } from 'zod';
import { ContinuationQuery, CountryCode, continuationPage, Id, IdParams, Username } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { CommentView, PostView } from '../views.js';

export const FeedPage = continuationPage(PostView).meta({ id: 'FeedPage' });

const InfluencerParams = z.object({ influencerId: Id });

export const getSharedPost = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/sharing/creators-content/:id',
  access: 'machine',
  scope: 'content',
  versions: ['1.0'],
  summary: 'A public post, for share previews and server rendering',
  params: IdParams,
  success: { status: 200, body: PostView },
});

export const getPost = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/creators-content/:id',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'A post as the signed-in citizen may see it (private posts only for the author and friends)',
  params: IdParams,
  success: { status: 200, body: PostView },
});

export const getSharedLovedPosts = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/sharing/loved-public-posts/:influencerId',
  access: 'machine',
  scope: 'content',
  versions: ['1.0'],
  summary: 'Public posts a creator loved (liked), most recently loved first',
  params: InfluencerParams,
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

export const getLovedPosts = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/feed/loved-public-posts/:influencerId',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Public posts a creator loved, with the caller’s own likes',
  params: InfluencerParams,
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

export const getMyPublicFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v2/feed/profile/public',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'My own public posts, newest first (including those still processing)',
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

export const getMyPrivateFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v2/feed/profile/private',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'My own private (friends-only) posts, newest first',
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

export const getSharedProfileFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/sharing/feed/:username/public',
  access: 'machine',
  scope: 'content',
  versions: ['1.0'],
  summary: 'A citizen’s public posts, newest first',
  params: z.object({ username: Username }),
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

export const getProfilePrivateFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/feed/:citizenId/private',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'A citizen’s private posts; only the citizen and their friends may read them (403 otherwise)',
  params: z.object({ citizenId: Id }),
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

/** Accepts epoch milliseconds or an ISO 8601 date-time; defaults to now. */
export const SnapshotTimestamp = z
  .union([z.string().regex(/^\d{1,15}$/), z.iso.datetime({ offset: true })], {
    error: 'timestamp must be epoch milliseconds or an ISO 8601 date-time',
  })
  .transform((value) => (/^\d+$/.test(value) ? Number(value) : Date.parse(value)));

export const getStageFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v9/feed/eight-stage',
  access: 'citizenOrGuest',
  versions: ['1.0'],
  summary: 'The main stage for a country as of `timestamp` (a snapshot: later posts wait for the next snapshot)',
  querystring: ContinuationQuery.extend({
    country: CountryCode.default('GB'),
    timestamp: SnapshotTimestamp.optional(),
  }),
  success: { status: 200, body: FeedPage },
});

/**
 * The posts of the people I follow (their public posts), of my friends (their friends-only posts) and my own, newest
 * first, as of `timestamp` (ADR 081): a snapshot, paged like the stage.
 */
export const getFollowingFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/feed/following',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'The public posts of the people I follow, my friends’ friends-only posts and my own, newest first, as of `timestamp` (a snapshot)',
  querystring: ContinuationQuery.extend({ timestamp: SnapshotTimestamp.optional() }),
  success: { status: 200, body: FeedPage },
});

/**
 * A hashtag as written after '#': letters (with their combining marks), digits and underscores in any script,
 * matched case-insensitively.
 */
const HashtagName = z
  .string()
  .transform((value) => value.replace(/^#/, ''))
  .pipe(
    z
      .string()
      .regex(
        /^[\p{L}\p{M}\p{N}_]{1,50}$/u,
        'must be a hashtag: 1 to 50 letters, digits or underscores, e.g. GoldenHour',
      ),
  )
  .meta({
    description:
      'A hashtag, a leading # allowed: 1 to 50 letters (with their marks), digits or underscores, any script',
    pattern: '^#?[\\p{L}\\p{M}\\p{N}_]{1,50}$',
    minLength: 1,
    maxLength: 51,
  });

export const getHashtagFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/feed/hashtags/:name',
  access: 'citizenOrGuest',
  versions: ['1.0'],
  summary: 'Public posts carrying a hashtag (any case), newest first; an unknown hashtag is an empty page',
  params: z.object({ name: HashtagName }),
  querystring: ContinuationQuery,
  success: { status: 200, body: FeedPage },
});

/**
 * The stage as a guest reads it, for server rendering with the machine token (docs/product.md §6: public sharing reads).
 * Its pages and continuation tokens are the eight-stage feed's own, so a browser carries on from a server's
 * first page through the citizen-or-guest call (ADR 002).
 */
export const getSharedStageFeed = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/sharing/feed/eight-stage',
  access: 'machine',
  scope: 'content',
  versions: ['1.0'],
  summary: 'The main stage as a guest sees it (nobody’s likes), with the eight-stage feed’s query, pages and tokens',
  querystring: getStageFeed.querystring,
  success: { status: 200, body: FeedPage },
});

/** A page of a post's comments, oldest thread first, each thread's replies under it (ADR 084). */
export const CommentsPage = continuationPage(CommentView)
  .extend({
    /** The comments the post shows to everyone who may see it (a moderator's hidden ones not counted). */
    commentsCount: z.number().int().min(0),
    /** The post's author turned comments off: nobody may add one (those written stay). */
    commentsOff: z.boolean(),
  })
  .meta({ id: 'CommentsPage' });

export const getComments = defineEndpoint({
  service: 'content',
  method: 'GET',
  path: '/v1/creators-content/:id/comments',
  access: 'citizenOrGuest',
  versions: ['1.0'],
  summary:
    'A post’s comments, oldest first, each comment’s replies under it; for whoever may see the post (404 otherwise)',
  params: IdParams,
  querystring: ContinuationQuery,
  success: { status: 200, body: CommentsPage },
});

export const contentEndpoints = [
  getComments,
  getSharedPost,
  getPost,
  getSharedLovedPosts,
  getLovedPosts,
  getMyPublicFeed,
  getMyPrivateFeed,
  getSharedProfileFeed,
  getProfilePrivateFeed,
  getStageFeed,
  getFollowingFeed,
  getHashtagFeed,
  getSharedStageFeed,
] as const;
