import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect.js';

// Portable across SQLite and PostgreSQL: only the id and time column types differ (see columnTypes).
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  const zero = sql`0`;

  await db.schema
    .createTable('citizens')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_key', 'text', (c) => c.notNull().unique())
    .addColumn('display_name', 'text', (c) => c.notNull())
    .addColumn('display_name_key', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('email_key', 'text', (c) => c.unique())
    .addColumn('password_hash', 'text')
    .addColumn('email_verified_at', time)
    .addColumn('bio', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_picture_uri', 'text')
    .addColumn('cover_picture_uri', 'text')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('followers_count', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('following_count', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('friends_count', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('citizens_display_name_key').on('citizens').column('display_name_key').execute();
  await db.schema
    .createIndex('citizens_country_popularity')
    .on('citizens')
    .columns(['country', 'followers_count'])
    .execute();
  await db.schema.createIndex('citizens_popularity').on('citizens').column('followers_count').execute();

  await db.schema
    .createTable('posts')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('author_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('caption', 'text', (c) => c.notNull())
    .addColumn('mention_ids', 'text', (c) => c.notNull())
    .addColumn('hashtags', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('sharing', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('image_uri', 'text')
    .addColumn('cover_image_uri', 'text')
    .addColumn('video_uri', 'text')
    .addColumn('hls_uri', 'text')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('alt_text', 'text')
    .addColumn('external_link', 'text')
    .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .addColumn('deleted_at', time)
    .execute();
  // Profile feeds page by (author, sharing, id desc) over live posts only.
  await db.schema
    .createIndex('posts_author_feed')
    .on('posts')
    .columns(['author_id', 'sharing', 'id'])
    .where(sql.ref('deleted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('post_mentions')
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addPrimaryKeyConstraint('post_mentions_pk', ['post_id', 'citizen_id'])
    .execute();
  await db.schema.createIndex('post_mentions_citizen').on('post_mentions').columns(['citizen_id', 'post_id']).execute();

  await db.schema
    .createTable('hashtags')
    .addColumn('name_key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('posts_count', 'integer', (c) => c.notNull().defaultTo(zero))
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hashtags_popularity').on('hashtags').columns(['posts_count', 'name_key']).execute();

  await db.schema
    .createTable('post_hashtags')
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('name_key', 'text', (c) => c.notNull().references('hashtags.name_key'))
    .addPrimaryKeyConstraint('post_hashtags_pk', ['post_id', 'name_key'])
    .execute();
  await db.schema.createIndex('post_hashtags_tag').on('post_hashtags').columns(['name_key', 'post_id']).execute();

  await db.schema
    .createTable('stage_entries')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('staged_at', time, (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('stage_entries_pk', ['country', 'post_id'])
    .execute();
  await db.schema
    .createIndex('stage_entries_order')
    .on('stage_entries')
    .columns(['country', 'staged_at', 'post_id'])
    .execute();
  await db.schema.createIndex('stage_entries_post').on('stage_entries').column('post_id').execute();

  await db.schema
    .createTable('likes')
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('likes_pk', ['post_id', 'citizen_id'])
    .execute();
  // Loved posts of a creator page by (citizen, created_at desc, post_id desc).
  await db.schema
    .createIndex('likes_by_citizen')
    .on('likes')
    .columns(['citizen_id', 'created_at', 'post_id'])
    .execute();

  await db.schema
    .createTable('follows')
    .addColumn('follower_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('followee_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
    .execute();
  await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id', 'follower_id']).execute();

  await db.schema
    .createTable('friend_requests')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('from_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('to_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addUniqueConstraint('friend_requests_pair', ['from_id', 'to_id'])
    .execute();
  await db.schema.createIndex('friend_requests_to').on('friend_requests').columns(['to_id', 'from_id']).execute();

  await db.schema
    .createTable('friendships')
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('friend_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('friendships_pk', ['citizen_id', 'friend_id'])
    .execute();

  await db.schema
    .createTable('dismissed_suggestions')
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('dismissed_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('dismissed_suggestions_pk', ['citizen_id', 'dismissed_id'])
    .execute();

  await db.schema
    .createTable('uploads')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('post_id', id, (c) => c.notNull().references('posts.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('uploads_post').on('uploads').column('post_id').execute();

  await db.schema
    .createTable('analytics_events')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('citizen_id', id)
    .addColumn('guest_id', id)
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('oauth_clients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('secret_hash', 'text')
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('id', id, (c) => c.primaryKey())
    .addColumn('family_id', id, (c) => c.notNull())
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('expires_at', time, (c) => c.notNull())
    .addColumn('absolute_expires_at', time, (c) => c.notNull())
    .addColumn('used_at', time)
    .addColumn('revoked_at', time)
    .execute();
  await db.schema.createIndex('refresh_tokens_family').on('refresh_tokens').column('family_id').execute();
}
