import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { dialectOf } from './dialect.js';
import * as initial from './migrations/001-initial.js';
import * as peopleIndexes from './migrations/003-people-indexes.js';
import * as identity from './migrations/004-identity.js';
import * as publishing from './migrations/005-publishing.js';
import * as analytics from './migrations/006-analytics.js';
import * as sharedKeys from './migrations/007-shared-keys.js';
import * as hashtagCountsUnindexed from './migrations/008-hashtag-counts-unindexed.js';
import * as hashtagsCountWhatEveryoneSees from './migrations/009-hashtags-count-what-everyone-sees.js';
import * as pendingAccounts from './migrations/010-pending-accounts.js';
import * as signedOutEverywhere from './migrations/011-signed-out-everywhere.js';
import * as incomingFriendRequests from './migrations/012-incoming-friend-requests.js';
import * as postsAwaitingUpload from './migrations/013-posts-awaiting-upload.js';
import * as moderation from './migrations/014-moderation.js';
import * as blocksAndMutes from './migrations/015-blocks-and-mutes.js';
import * as notifications from './migrations/016-notifications.js';
import * as webPush from './migrations/017-web-push.js';
import * as searchTerms from './migrations/018-search-terms.js';
import * as searchPrefixes from './migrations/019-search-prefixes.js';
import * as followingTimelines from './migrations/020-following-timelines.js';
import * as comments from './migrations/021-comments.js';
import * as albums from './migrations/022-albums.js';

/** Migrations are listed explicitly (no directory scan), so the compiled and test builds see the same set. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '003-people-indexes': peopleIndexes,
  '004-identity': identity,
  '005-publishing': publishing,
  '006-analytics': analytics,
  '007-shared-keys': sharedKeys,
  '008-hashtag-counts-unindexed': hashtagCountsUnindexed,
  '009-hashtags-count-what-everyone-sees': hashtagsCountWhatEveryoneSees,
  '010-pending-accounts': pendingAccounts,
  '011-signed-out-everywhere': signedOutEverywhere,
  '012-incoming-friend-requests': incomingFriendRequests,
  '013-posts-awaiting-upload': postsAwaitingUpload,
  '014-moderation': moderation,
  '015-blocks-and-mutes': blocksAndMutes,
  '016-notifications': notifications,
  '017-web-push': webPush,
  '018-search-terms': searchTerms,
  '019-search-prefixes': searchPrefixes,
  '020-following-timelines': followingTimelines,
  '021-comments': comments,
  '022-albums': albums,
};

/** Names of the migrations this build knows, oldest first (a backup records the newest one it has). */
export const migrationNames: readonly string[] = Object.keys(migrations).sort();

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  // On PostgreSQL the migrator's bookkeeping tables must live in our own schema: its existence check looks
  // across schemas, so another schema's tables in the same database would otherwise be mistaken for ours.
  const migrationTableSchema =
    dialectOf(db) === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({
    db,
    provider,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
  }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
