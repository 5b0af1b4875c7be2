import type { Access, EndpointDef, ServiceName } from './endpoint.js';
import type * as analytics from './services/analytics.js';
import type * as charities from './services/charities.js';
import type * as content from './services/content.js';
import type * as graphs from './services/graphs.js';
import type * as identity from './services/identity.js';
import type * as moderation from './services/moderation.js';
import type * as notifications from './services/notifications.js';
import type * as session from './services/session.js';
import type * as social from './services/social.js';
import type * as uploads from './services/uploads.js';
import type * as users from './services/users.js';

export {
  CONSENT_COOKIE,
  CONSENT_MAX_AGE_SECONDS,
  CONSENT_VERSION,
  type Consent,
  NO_CONSENT,
  parseConsent,
  readConsent,
  serializeConsent,
} from './consent.js';
export { fullPath } from './endpoint.js';
// Its own module: the consent module travels with every page, this only with the error-report client.
export { errorReportsCollectNothing } from './error-report-privacy.js';
export { imageContentTypes, mediaLimits, videoContentTypes } from './media-limits.js';
export {
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  languages,
  PREFERENCE_COOKIE_MAX_AGE_SECONDS,
  THEME_COOKIE,
} from './preferences.js';
export { REFRESH_REUSE_GRACE_MS, RESET_LINK_TTL_MS } from './session-rules.js';
export { IMAGE_HEAD_BYTES, type ImageFormat, sniffImage } from './sniff-image.js';
export { sniffVideo, VIDEO_HEAD_BYTES, type VideoContainer } from './sniff-video.js';
export { normalizeText, type TextProblem, textLength, textProblem, trimText } from './text-rules.js';

/*
 * The contract's endpoints without their schemas: what a caller needs to send a call. The web app's browser
 * bundle imports this (`@civitas/contract/routes-table`) and only types from the rest, so it carries no zod;
 * the server, which validates every request and answer, uses the endpoints themselves.
 * `routes-table.test.ts` compares every entry with its endpoint, and the entries' types are the endpoints'
 * literal values, so the table cannot drift from the contract.
 */

/**
 * The input limits the web app's forms show (`maxLength`, a counter), mirrored from the schemas that enforce
 * them (`services/`), which import zod; the test compares them.
 */
export const inputLimits = {
  captionMaxLength: 2200,
  mentionsMax: 20,
  passwordMinLength: 10,
  otpLength: 6,
  displayNameMaxLength: 60,
  bioMaxLength: 300,
  moderationNoteMaxLength: 1000,
  commentMaxLength: 1000,
} as const;

/** A route as the runtime sees it. */
export interface RouteInfo {
  readonly service: ServiceName;
  readonly method: EndpointDef['method'];
  readonly path: string;
  readonly access: Access;
  readonly versions: readonly string[];
  /** The call sends a JSON body. */
  readonly body?: true;
  /** The call sends raw bytes (`application/octet-stream`). */
  readonly rawBody?: true;
  /** The success answer has no body (204 No Content). */
  readonly noContent?: true;
  /** Query values the server fills in when they are not sent (`limit`, `size`, ...). */
  readonly defaults?: Readonly<Record<string, string | number>>;
}

/** The route of endpoint `E`: its values are `E`'s own, and it carries `E`'s request and response types. */
export interface Route<E extends EndpointDef = EndpointDef> extends RouteInfo {
  readonly service: E['service'];
  readonly method: E['method'];
  readonly path: E['path'];
  readonly access: E['access'];
  readonly versions: E['versions'];
  /** Types only, never set: the endpoint whose schemas type this route's calls. */
  readonly '~endpoint'?: E;
}

type Services = typeof analytics &
  typeof charities &
  typeof content &
  typeof graphs &
  typeof identity &
  typeof moderation &
  typeof notifications &
  typeof session &
  typeof social &
  typeof uploads &
  typeof users;

/** The export name of every endpoint of the contract. */
export type EndpointName = { [K in keyof Services]: Services[K] extends EndpointDef ? K : never }[keyof Services];

export type RouteTable = { readonly [N in EndpointName]: Route<Extract<Services[N], EndpointDef>> };

/** Every endpoint's route, by the endpoint's export name. */
export const routeTable: RouteTable = {
  getSharedPost: {
    service: 'content',
    method: 'GET',
    path: '/v1/sharing/creators-content/:id',
    access: 'machine',
    versions: ['1.0'],
  },
  getPost: {
    service: 'content',
    method: 'GET',
    path: '/v1/creators-content/:id',
    access: 'citizen',
    versions: ['1.0'],
  },
  getSharedLovedPosts: {
    service: 'content',
    method: 'GET',
    path: '/v1/sharing/loved-public-posts/:influencerId',
    access: 'machine',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getLovedPosts: {
    service: 'content',
    method: 'GET',
    path: '/v1/feed/loved-public-posts/:influencerId',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getMyPublicFeed: {
    service: 'content',
    method: 'GET',
    path: '/v2/feed/profile/public',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getMyPrivateFeed: {
    service: 'content',
    method: 'GET',
    path: '/v2/feed/profile/private',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getSharedProfileFeed: {
    service: 'content',
    method: 'GET',
    path: '/v1/sharing/feed/:username/public',
    access: 'machine',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getProfilePrivateFeed: {
    service: 'content',
    method: 'GET',
    path: '/v1/feed/:citizenId/private',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getStageFeed: {
    service: 'content',
    method: 'GET',
    path: '/v9/feed/eight-stage',
    access: 'citizenOrGuest',
    versions: ['1.0'],
    defaults: { size: 20, country: 'GB' },
  },
  getFollowingFeed: {
    service: 'content',
    method: 'GET',
    path: '/v1/feed/following',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getHashtagFeed: {
    service: 'content',
    method: 'GET',
    path: '/v1/feed/hashtags/:name',
    access: 'citizenOrGuest',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getSharedStageFeed: {
    service: 'content',
    method: 'GET',
    path: '/v1/sharing/feed/eight-stage',
    access: 'machine',
    versions: ['1.0'],
    defaults: { size: 20, country: 'GB' },
  },
  getCitizenSocialOverview: {
    service: 'social',
    method: 'GET',
    path: '/v2/citizens/:id/social-overview',
    access: 'citizen',
    versions: ['1.0'],
  },
  getMySocialOverview: {
    service: 'social',
    method: 'GET',
    path: '/v2/influencers/me/social-overview',
    access: 'citizen',
    versions: ['1.0'],
  },
  getPostOverview: {
    service: 'social',
    method: 'GET',
    path: '/feeds/:id/overview',
    access: 'citizenOrGuest',
    versions: ['2.0'],
  },
  getSharedPostOverview: {
    service: 'social',
    method: 'GET',
    path: '/v1/sharing/:id/overview',
    access: 'machine',
    versions: ['1.0'],
  },
  getPostsOverview: {
    service: 'social',
    method: 'GET',
    path: '/v1/creators-content/social-overview',
    access: 'citizenOrGuest',
    versions: ['1.0'],
  },
  getSuggestedCreators: {
    service: 'social',
    method: 'GET',
    path: '/v1/citizens/me/suggested-creators',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getMyRelevantCreators: {
    service: 'social',
    method: 'GET',
    path: '/v1/citizens/me/relevant-creators',
    access: 'citizen',
    versions: ['1.0'],
  },
  getMyRelevantCitizens: {
    service: 'social',
    method: 'GET',
    path: '/v1/citizens/me/relevant-citizens',
    access: 'citizen',
    versions: ['1.0'],
  },
  createPost: {
    service: 'users',
    method: 'POST',
    path: '/v7/creators-content',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  getPostStatus: {
    service: 'users',
    method: 'GET',
    path: '/creators-content/status/:id',
    access: 'citizen',
    versions: ['1.0'],
  },
  deletePost: {
    service: 'users',
    method: 'DELETE',
    path: '/creators-content/:id',
    access: 'citizen',
    versions: ['3.0'],
    noContent: true,
  },
  updateCaption: {
    service: 'users',
    method: 'POST',
    path: '/creators-content/:id/caption',
    access: 'citizen',
    versions: ['4.0'],
    body: true,
  },
  getMe: { service: 'users', method: 'GET', path: '/influencers/me', access: 'citizen', versions: ['5.0'] },
  setMyLanguage: {
    service: 'users',
    method: 'PUT',
    path: '/influencers/me/language',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
    noContent: true,
  },
  updateMyProfile: {
    service: 'users',
    method: 'PUT',
    path: '/influencers/me/profile',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  setMyProfilePicture: {
    service: 'users',
    method: 'PUT',
    path: '/influencers/me/profile-picture',
    access: 'citizen',
    versions: ['1.0'],
    rawBody: true,
  },
  removeMyProfilePicture: {
    service: 'users',
    method: 'DELETE',
    path: '/influencers/me/profile-picture',
    access: 'citizen',
    versions: ['1.0'],
  },
  setMyCoverPicture: {
    service: 'users',
    method: 'PUT',
    path: '/influencers/me/cover-picture',
    access: 'citizen',
    versions: ['1.0'],
    rawBody: true,
  },
  removeMyCoverPicture: {
    service: 'users',
    method: 'DELETE',
    path: '/influencers/me/cover-picture',
    access: 'citizen',
    versions: ['1.0'],
  },
  getProfile: {
    service: 'users',
    method: 'GET',
    path: '/influencers/profile/:username',
    access: 'citizen',
    versions: ['1.0'],
  },
  listHashtags: {
    service: 'users',
    method: 'GET',
    path: '/hashtags',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  dismissSuggestion: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/dismiss-relevant-profile-suggestion',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
    noContent: true,
  },
  likePost: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/liked-creators-content/:id',
    access: 'citizen',
    versions: ['3.0'],
  },
  unlikePost: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/un-liked-creators-content/:id',
    access: 'citizen',
    versions: ['3.0'],
  },
  follow: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/follow/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  unfollow: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/unfollow/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  block: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/block/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  unblock: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/unblock/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  mute: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/mute/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  unmute: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/unmute/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  getBlocked: {
    service: 'users',
    method: 'GET',
    path: '/influencers/me/blocked',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getMuted: {
    service: 'users',
    method: 'GET',
    path: '/influencers/me/muted',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  sendFriendRequest: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/friend-request/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  unfriend: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/unfriend/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
  },
  cancelFriendRequest: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/cancel-friend-request/:id',
    access: 'citizen',
    versions: ['1.0'],
  },
  approveFriendRequest: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/approve-friend-request/:id',
    access: 'citizen',
    versions: ['1.0'],
  },
  declineFriendRequest: {
    service: 'users',
    method: 'POST',
    path: '/influencers/me/decline-friend-request/:id',
    access: 'citizen',
    versions: ['1.0'],
  },
  getIncomingFriendRequests: {
    service: 'users',
    method: 'GET',
    path: '/influencers/me/friend-requests',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getSharedProfile: {
    service: 'users',
    method: 'GET',
    path: '/v1/sharing/influencers/profile/:username',
    access: 'machine',
    versions: ['1.0'],
  },
  searchMention: {
    service: 'graphs',
    method: 'GET',
    path: '/v3/citizens/search-mention/:keyword',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  search: {
    service: 'graphs',
    method: 'GET',
    path: '/v1/search',
    access: 'citizenOrGuest',
    versions: ['1.0'],
    defaults: { kind: 'people', limit: 20 },
  },
  getProfileRelevantCreators: {
    service: 'graphs',
    method: 'GET',
    path: '/influencers/profile-relevant-creators/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getProfileRelevantCitizens: {
    service: 'graphs',
    method: 'GET',
    path: '/influencers/profile-relevant-citizens/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getMutualConnections: {
    service: 'graphs',
    method: 'GET',
    path: '/influencers/mutual-following-connections/:citizenId',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getBirthdayCharity: {
    service: 'charities',
    method: 'GET',
    path: '/v1/charities/birthday',
    access: 'none',
    versions: ['1.0'],
  },
  getPaymentModes: { service: 'payments', method: 'GET', path: '/v1/modes', access: 'none', versions: ['1.0'] },
  requestMachineToken: {
    service: 'identity',
    method: 'POST',
    path: '/machine/token',
    access: 'none',
    versions: ['1.0'],
    body: true,
  },
  getAuthUrl: {
    service: 'identity',
    method: 'GET',
    path: '/web/frequency/auth-url',
    access: 'none',
    versions: ['1.0'],
  },
  signUp: { service: 'identity', method: 'POST', path: '/v1/accounts', access: 'none', versions: ['1.0'], body: true },
  verifyEmail: {
    service: 'users',
    method: 'POST',
    path: '/influencers/verify-influencer-email',
    access: 'none',
    versions: ['1.0'],
    body: true,
  },
  resendVerification: {
    service: 'identity',
    method: 'POST',
    path: '/v1/accounts/resend-verification',
    access: 'none',
    versions: ['1.0'],
    body: true,
  },
  requestPasswordReset: {
    service: 'identity',
    method: 'POST',
    path: '/v1/password-reset',
    access: 'none',
    versions: ['1.0'],
    body: true,
  },
  confirmPasswordReset: {
    service: 'identity',
    method: 'POST',
    path: '/v1/password-reset/confirm',
    access: 'none',
    versions: ['1.0'],
    body: true,
  },
  signIn: { service: 'identity', method: 'POST', path: '/v1/sign-in', access: 'none', versions: ['1.0'], body: true },
  getSession: { service: 'auth', method: 'GET', path: '/session', access: 'none', versions: ['1.0'] },
  refreshSession: { service: 'auth', method: 'POST', path: '/refresh', access: 'none', versions: ['1.0'], body: true },
  refreshGuestSession: { service: 'auth', method: 'POST', path: '/refresh-guest', access: 'none', versions: ['1.0'] },
  logout: { service: 'auth', method: 'POST', path: '/logout', access: 'none', versions: ['1.0'], noContent: true },
  sendAnalyticsEvents: {
    service: 'analytics',
    method: 'POST',
    path: '',
    access: 'citizenOrGuest',
    versions: ['1.0'],
    body: true,
  },
  initiateUpload: {
    service: 'users',
    method: 'POST',
    path: '/v1/creators-content/:id/:kind/initiate',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  uploadPart: {
    service: 'users',
    method: 'PUT',
    path: '/v1/creators-content/:id/uploads/:uploadId/parts/:partNumber',
    access: 'citizen',
    versions: ['1.0'],
    rawBody: true,
  },
  listUploadParts: {
    service: 'users',
    method: 'GET',
    path: '/v1/creators-content/:id/uploads/:uploadId/parts',
    access: 'citizen',
    versions: ['1.0'],
  },
  completeUpload: {
    service: 'users',
    method: 'POST',
    path: '/v1/creators-content/:id/:kind/complete',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  abortUpload: {
    service: 'users',
    method: 'POST',
    path: '/v1/creators-content/:id/:kind/abort/',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
    noContent: true,
  },
  createReport: {
    service: 'moderation',
    method: 'POST',
    path: '/v1/reports',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  getMyReports: {
    service: 'moderation',
    method: 'GET',
    path: '/v1/reports/mine',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getReportQueue: {
    service: 'moderation',
    method: 'GET',
    path: '/v1/reports',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  decideReport: {
    service: 'moderation',
    method: 'POST',
    path: '/v1/reports/:id/decision',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  getModerationLog: {
    service: 'moderation',
    method: 'GET',
    path: '/v1/log',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getNotifications: {
    service: 'notifications',
    method: 'GET',
    path: '/v1/notifications',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  getUnreadNotificationCount: {
    service: 'notifications',
    method: 'GET',
    path: '/v1/unread-count',
    access: 'citizen',
    versions: ['1.0'],
  },
  markNotificationsRead: {
    service: 'notifications',
    method: 'POST',
    path: '/v1/read',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  getNotificationPreferences: {
    service: 'notifications',
    method: 'GET',
    path: '/v1/preferences',
    access: 'citizen',
    versions: ['1.0'],
  },
  updateNotificationPreferences: {
    service: 'notifications',
    method: 'PUT',
    path: '/v1/preferences',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  streamNotifications: {
    service: 'notifications',
    method: 'GET',
    path: '/v1/stream',
    access: 'citizen',
    versions: ['1.0'],
  },
  getPushKey: {
    service: 'notifications',
    method: 'GET',
    path: '/v1/push/key',
    access: 'citizen',
    versions: ['1.0'],
  },
  subscribeToPush: {
    service: 'notifications',
    method: 'POST',
    path: '/v1/push/subscriptions',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  unsubscribeFromPush: {
    service: 'notifications',
    method: 'DELETE',
    path: '/v1/push/subscriptions',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
    noContent: true,
  },
  getFollowers: {
    service: 'graphs',
    method: 'GET',
    path: '/v1/citizens/:citizenId/followers',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getFollowing: {
    service: 'graphs',
    method: 'GET',
    path: '/v1/citizens/:citizenId/following',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getFriends: {
    service: 'graphs',
    method: 'GET',
    path: '/v1/citizens/:citizenId/friends',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getPostLikers: {
    service: 'social',
    method: 'GET',
    path: '/v1/creators-content/:id/likers',
    access: 'citizen',
    versions: ['1.0'],
    defaults: { limit: 20, offset: 0 },
  },
  getComments: {
    service: 'content',
    method: 'GET',
    path: '/v1/creators-content/:id/comments',
    access: 'citizenOrGuest',
    versions: ['1.0'],
    defaults: { size: 20 },
  },
  createComment: {
    service: 'users',
    method: 'POST',
    path: '/v1/creators-content/:id/comments',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
  deleteComment: {
    service: 'users',
    method: 'DELETE',
    path: '/v1/comments/:commentId',
    access: 'citizen',
    versions: ['1.0'],
    noContent: true,
  },
  setPostComments: {
    service: 'users',
    method: 'PUT',
    path: '/v1/creators-content/:id/comments-off',
    access: 'citizen',
    versions: ['1.0'],
    body: true,
  },
};
