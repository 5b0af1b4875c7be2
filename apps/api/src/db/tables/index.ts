import type { AnalyticsEventsTable } from './analytics.js';
import type { OauthClientsTable, RefreshTokensTable } from './auth.js';
import type { CitizensTable } from './citizens.js';
import type { CommentsTable } from './comments.js';
import type {
  BlocksTable,
  DismissedSuggestionsTable,
  FollowingTimelineTable,
  FollowsTable,
  FriendRequestsTable,
  FriendshipsTable,
  LikesTable,
  MutesTable,
} from './graph.js';
import type { HashtagsTable, PostHashtagsTable } from './hashtags.js';
import type { AuthorizationCodesTable, EmailCodesTable } from './identity.js';
import type { ServerSecretsTable, SigningKeysTable } from './keys.js';
import type { MediaJobsTable } from './media-jobs.js';
import type { CitizenRolesTable, ModerationLogTable, ReportsTable } from './moderation.js';
import type { NotificationGroupsTable, NotificationSettingsTable, NotificationsTable } from './notifications.js';
import type { PostMentionsTable, PostsTable } from './posts.js';
import type { PushSubscriptionsTable } from './push.js';
import type { CitizenSearchPrefixesTable } from './search.js';
import type { StageEntriesTable } from './stage.js';
import type { UploadsTable } from './uploads.js';

export interface Database {
  citizens: CitizensTable;
  posts: PostsTable;
  post_mentions: PostMentionsTable;
  comments: CommentsTable;
  hashtags: HashtagsTable;
  post_hashtags: PostHashtagsTable;
  stage_entries: StageEntriesTable;
  likes: LikesTable;
  follows: FollowsTable;
  following_timeline: FollowingTimelineTable;
  friend_requests: FriendRequestsTable;
  friendships: FriendshipsTable;
  dismissed_suggestions: DismissedSuggestionsTable;
  blocks: BlocksTable;
  mutes: MutesTable;
  notifications: NotificationsTable;
  notification_groups: NotificationGroupsTable;
  notification_settings: NotificationSettingsTable;
  push_subscriptions: PushSubscriptionsTable;
  citizen_search_prefixes: CitizenSearchPrefixesTable;
  uploads: UploadsTable;
  media_jobs: MediaJobsTable;
  analytics_events: AnalyticsEventsTable;
  oauth_clients: OauthClientsTable;
  refresh_tokens: RefreshTokensTable;
  email_codes: EmailCodesTable;
  authorization_codes: AuthorizationCodesTable;
  signing_keys: SigningKeysTable;
  server_secrets: ServerSecretsTable;
  citizen_roles: CitizenRolesTable;
  reports: ReportsTable;
  moderation_log: ModerationLogTable;
}

export type { CitizensTable } from './citizens.js';
export type { PostStatusValue, PostsTable } from './posts.js';
