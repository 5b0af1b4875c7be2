import type { TableSpec } from './bulk-writer.js';

// The columns the generator writes; every other column keeps its default (null or 0).

export const citizensTable: TableSpec = {
  name: 'citizens',
  columns: [
    ['id', 'id'],
    ['username', 'text'],
    ['username_key', 'text'],
    ['display_name', 'text'],
    ['display_name_key', 'text'],
    ['bio', 'text'],
    ['profile_picture_uri', 'text'],
    ['cover_picture_uri', 'text'],
    ['country', 'text'],
    ['language', 'text'],
    ['followers_count', 'int'],
    ['following_count', 'int'],
    ['friends_count', 'int'],
    ['posts_count', 'int'],
    ['created_at', 'time'],
    ['updated_at', 'time'],
  ],
};

/** The prefixes each citizen is found by, with their search tier (domains/search/search-terms.ts, ADR 083). */
export const citizenSearchPrefixesTable: TableSpec = {
  name: 'citizen_search_prefixes',
  columns: [
    ['citizen_id', 'id'],
    ['prefix', 'text'],
    ['tier', 'int'],
    ['username_key', 'text'],
  ],
};

export const followsTable: TableSpec = {
  name: 'follows',
  columns: [
    ['follower_id', 'id'],
    ['followee_id', 'id'],
    ['created_at', 'time'],
  ],
};

export const friendshipsTable: TableSpec = {
  name: 'friendships',
  columns: [
    ['citizen_id', 'id'],
    ['friend_id', 'id'],
    ['created_at', 'time'],
  ],
};

export const hashtagsTable: TableSpec = {
  name: 'hashtags',
  columns: [
    ['name_key', 'text'],
    ['name', 'text'],
    ['posts_count', 'int'],
    ['created_at', 'time'],
  ],
};

export const postsTable: TableSpec = {
  name: 'posts',
  columns: [
    ['id', 'id'],
    ['author_id', 'id'],
    ['caption', 'text'],
    ['mention_ids', 'text'],
    ['hashtags', 'text'],
    ['media_type', 'text'],
    ['sharing', 'text'],
    ['status', 'text'],
    ['image_uri', 'text'],
    ['width', 'int'],
    ['height', 'int'],
    ['alt_text', 'text'],
    ['external_link', 'text'],
    ['likes_count', 'int'],
    ['created_at', 'time'],
    ['updated_at', 'time'],
  ],
};

export const postHashtagsTable: TableSpec = {
  name: 'post_hashtags',
  columns: [
    ['post_id', 'id'],
    ['name_key', 'text'],
  ],
};

export const postMentionsTable: TableSpec = {
  name: 'post_mentions',
  columns: [
    ['post_id', 'id'],
    ['citizen_id', 'id'],
  ],
};

export const likesTable: TableSpec = {
  name: 'likes',
  columns: [
    ['post_id', 'id'],
    ['citizen_id', 'id'],
    ['created_at', 'time'],
  ],
};

export const stageEntriesTable: TableSpec = {
  name: 'stage_entries',
  columns: [
    ['country', 'text'],
    ['post_id', 'id'],
    ['staged_at', 'time'],
    ['source', 'text'],
  ],
};

/** Filled from the streams once everything else is written (domains/feeds/following-timeline.ts). */
export const followingTimelineTable: TableSpec = {
  name: 'following_timeline',
  columns: [
    ['reader_id', 'id'],
    ['post_id', 'id'],
  ],
};

/** Tables whose secondary indexes are rebuilt after the load (hashtags stays: it is small and shared). */
export const bulkTables = [
  citizensTable,
  citizenSearchPrefixesTable,
  followsTable,
  friendshipsTable,
  postsTable,
  postHashtagsTable,
  postMentionsTable,
  likesTable,
  stageEntriesTable,
  followingTimelineTable,
].map((table) => table.name);
