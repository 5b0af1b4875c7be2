import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.js';

/**
 * Indexes for people search, hashtag search and the "my network" lists.
 *
 * Prefix search runs `key LIKE 'prefix%' ESCAPE '!'`. Each dialect needs its own kind of index for that:
 * SQLite's LIKE optimisation only uses an index with the NOCASE collation (its LIKE is case-insensitive),
 * PostgreSQL's only a `text_pattern_ops` index (whatever the database collation). The keys are stored
 * lower-cased, so both give the same matches.
 *
 * `citizens_second_name_prefix` indexes the display name from its second word on ("archer" in
 * "alice archer"); the query must repeat the expression exactly (see domains/people/name-search.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = dialectOf(db) === 'postgres';
  const prefix = (column: string) => sql.raw(postgres ? `${column} text_pattern_ops` : `${column} collate nocase`);
  const secondWord = postgres
    ? "substr(display_name_key, strpos(display_name_key, ' ') + 1)"
    : "substr(display_name_key, instr(display_name_key, ' ') + 1)";

  await sql`create index citizens_username_prefix on citizens (${prefix('username_key')})`.execute(db);
  await sql`create index citizens_display_name_prefix on citizens (${prefix('display_name_key')})`.execute(db);
  await sql`create index citizens_second_name_prefix on citizens (${prefix(`(${secondWord})`)})`.execute(db);
  await sql`create index hashtags_name_prefix on hashtags (${prefix('name_key')})`.execute(db);

  // "The people I most recently followed / befriended": the first hop of network suggestions is capped by these.
  await db.schema
    .createIndex('follows_by_follower_recent')
    .on('follows')
    .columns(['follower_id', 'created_at'])
    .execute();
  await db.schema.createIndex('friendships_recent').on('friendships').columns(['citizen_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of [
    'citizens_username_prefix',
    'citizens_display_name_prefix',
    'citizens_second_name_prefix',
    'hashtags_name_prefix',
    'follows_by_follower_recent',
    'friendships_recent',
  ]) {
    await db.schema.dropIndex(name).ifExists().execute();
  }
}
