import { type Kysely, sql } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

/**
 * The following feed's timelines (ADR 083): one row for each post of each stream a citizen reads (the public posts
 * of whom they follow, the friends-only posts of their friends, their own), written when the post or the stream
 * comes into being (domains/feeds/following-timeline.ts), so a page of the feed is one range of the reader's rows.
 * Filled here for the posts and streams there are, with the rule as this migration was written (`timelineAsOf020`);
 * rows go with their reader's or their post's row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id } = columnTypes(db);
  const sqlite = dialectOf(db) === 'sqlite';
  await db.schema
    .createTable('following_timeline')
    .addColumn('reader_id', id, (c) => c.notNull().references('citizens.id').onDelete('cascade'))
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('following_timeline_pk', ['reader_id', 'post_id'])
    // On SQLite the rows are stored in the key's order: a page is one contiguous run of the table.
    .$call((table) => (sqlite ? table.modifyEnd(sql`without rowid`) : table))
    .execute();
  // A post's rows, for the foreign key's cascade.
  await db.schema.createIndex('following_timeline_post').on('following_timeline').column('post_id').execute();
  await sql`insert into following_timeline (reader_id, post_id) ${timelineAsOf020}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('following_timeline').execute();
}

/**
 * Every reader's timeline as the rule stood when this migration was written: domains/feeds/following-streams.ts's
 * `streamPosts` for everyone. test/feeds/following-timeline.test.ts holds the two equal.
 */
export const timelineAsOf020 = sql`
  select streams.reader_id, posts.id as post_id
  from (
    select follower_id as reader_id, followee_id as author_id, 'public' as sharing from follows
    union all select citizen_id, friend_id, 'private' from friendships
    union all select id, id, 'public' from citizens
    union all select id, id, 'private' from citizens
  ) as streams
  join posts on posts.author_id = streams.author_id and posts.sharing = streams.sharing
  where posts.deleted_at is null`;
