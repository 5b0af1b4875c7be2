import type { AppContext } from '../../context.js';
import { oneOf } from '../../db/id-list.js';
import { type LiveRow, readLive } from './live-reads.js';
import type { PostContent } from './post-cache.js';
import type { CitizenSummaryRow, PostRow } from './rows.js';

export type { CitizenSummaryRow, PostRow } from './rows.js';

/** Everything the rules and views need about a set of posts, loaded in a fixed number of batched queries. */
export interface Hydration {
  viewerId: string | null;
  posts: Map<string, PostRow>;
  /** The post cache's content object each post was presented from (none for a post just written). */
  contents: Map<string, PostContent>;
  citizens: Map<string, CitizenSummaryRow>;
  likedByViewer: Set<string>;
  /** Authors among these posts who are friends of the viewer. */
  friendsOfViewer: Set<string>;
  /** Authors among these posts whom a moderator has suspended (ADR 070). */
  suspendedAuthors: Set<string>;
  /** Authors among these posts with a block between them and the viewer, either way (ADR 069). */
  blockedWithViewer: Set<string>;
  /** Authors among these posts whom the viewer muted (ADR 069). */
  mutedByViewer: Set<string>;
}

/** What hydration reads from: the database and the caches of post content and mentioned citizens. */
export type HydrationContext = Pick<AppContext, 'db' | 'dialect' | 'caches'>;

export const citizenSummaryColumns = ['id', 'username', 'display_name', 'profile_picture_uri', 'country'] as const;

export const parseIdList = (json: string): string[] => JSON.parse(json) as string[];

/**
 * One query for what must be fresh on every read (counts, visibility, the author, my like, my friendship
 * with the author), then only what the caches lack: post content (checked against the live `updated_at` and
 * `status`) and mentioned citizens. A page whose posts were read before costs that one query.
 */
export async function hydratePosts(
  ctx: HydrationContext,
  postIds: readonly string[],
  viewerId: string | null,
): Promise<Hydration> {
  const hydration = emptyHydration(viewerId);
  if (postIds.length === 0) return hydration;
  const ids = [...new Set(postIds)];

  const live = await readLive(ctx, ids, viewerId);
  const contents = await postContents(ctx, live);
  for (const row of live) {
    const content = contents.get(row.id);
    if (!content) continue; // deleted from the table between the two reads
    hydration.posts.set(row.id, postRow(content, row));
    hydration.contents.set(row.id, content);
    if (row.author_username !== null && !hydration.citizens.has(row.author_id)) {
      hydration.citizens.set(row.author_id, {
        id: row.author_id,
        username: row.author_username,
        display_name: row.author_display_name as string,
        profile_picture_uri: row.author_picture,
        country: row.author_country as string,
      });
    }
    if (row.liked !== null) hydration.likedByViewer.add(row.id);
    if (row.friend !== null) hydration.friendsOfViewer.add(row.author_id);
    if (row.author_suspended_at !== null) hydration.suspendedAuthors.add(row.author_id);
    if (row.blocked !== null) hydration.blockedWithViewer.add(row.author_id);
    if (row.muted !== null) hydration.mutedByViewer.add(row.author_id);
  }
  await addMentionedCitizens(ctx, hydration);
  return hydration;
}

const emptyHydration = (viewerId: string | null): Hydration => ({
  viewerId,
  posts: new Map(),
  contents: new Map(),
  citizens: new Map(),
  likedByViewer: new Set(),
  friendsOfViewer: new Set(),
  suspendedAuthors: new Set(),
  blockedWithViewer: new Set(),
  mutedByViewer: new Set(),
});

/**
 * The hydration of a post just written by its author, from what the write returned: nothing to read back but
 * the citizens its caption mentions (from the cache when they were seen recently).
 */
export async function hydrateNewPost(
  ctx: HydrationContext,
  post: PostRow,
  author: CitizenSummaryRow,
): Promise<Hydration> {
  const hydration = emptyHydration(author.id);
  hydration.posts.set(post.id, post);
  hydration.citizens.set(author.id, author);
  await addMentionedCitizens(ctx, hydration);
  return hydration;
}

/**
 * The whole row: visibility and counts from the live read (even when the content read saw a newer version).
 * Written out field by field: one object shape for every post, where a spread plus new keys is several
 * times slower on a page of twenty.
 */
const postRow = (content: PostContent, live: LiveRow): PostRow => ({
  id: content.id,
  author_id: content.author_id,
  caption: content.caption,
  mention_ids: content.mention_ids,
  hashtags: content.hashtags,
  media_type: content.media_type,
  sharing: live.sharing,
  status: live.status,
  image_uri: content.image_uri,
  cover_image_uri: content.cover_image_uri,
  video_uri: content.video_uri,
  hls_uri: content.hls_uri,
  renditions: content.renditions,
  placeholder: content.placeholder,
  width: content.width,
  height: content.height,
  alt_text: content.alt_text,
  more_media: content.more_media,
  external_link: content.external_link,
  likes_count: live.likes_count,
  comments_count: live.comments_count,
  created_at: content.created_at,
  updated_at: content.updated_at,
  deleted_at: live.deleted_at,
  hidden_at: live.hidden_at,
  moderation_reason: content.moderation_reason,
});

/** Content of each live post: from the cache while its version matches, else read (and kept) in one query. */
async function postContents(ctx: HydrationContext, live: readonly LiveRow[]): Promise<Map<string, PostContent>> {
  const cache = ctx.caches.posts;
  const contents = new Map<string, PostContent>();
  const missing: string[] = [];
  for (const row of live) {
    const cached = cache.get(row.id);
    if (cached && cached.updated_at === row.updated_at && cached.status === row.status) contents.set(row.id, cached);
    else missing.push(row.id);
  }
  if (missing.length === 0) return contents;
  const readSince = cache.epoch;
  const rows = await ctx.db
    .selectFrom('posts')
    .select([
      'id',
      'author_id',
      'caption',
      'mention_ids',
      'hashtags',
      'media_type',
      'sharing',
      'status',
      'image_uri',
      'cover_image_uri',
      'video_uri',
      'hls_uri',
      'renditions',
      'placeholder',
      'width',
      'height',
      'alt_text',
      'more_media',
      'external_link',
      'moderation_reason',
      'created_at',
      'updated_at',
    ])
    .where(oneOf(ctx.dialect, 'id', missing))
    .execute();
  for (const row of rows) {
    contents.set(row.id, row);
    cache.store(row, readSince);
  }
  return contents;
}

/** Summaries of the citizens the captions mention, from the short-lived cache or one query for the rest. */
async function addMentionedCitizens(ctx: HydrationContext, hydration: Hydration): Promise<void> {
  const wanted = new Set<string>();
  for (const post of hydration.posts.values()) {
    if (post.mention_ids === '[]') continue;
    for (const id of parseIdList(post.mention_ids)) {
      if (hydration.citizens.has(id)) continue;
      const cached = ctx.caches.citizenSummaries.get(id);
      if (cached) hydration.citizens.set(id, cached);
      else wanted.add(id);
    }
  }
  if (wanted.size === 0) return;
  const citizens = await ctx.db
    .selectFrom('citizens')
    .select(citizenSummaryColumns)
    .where(oneOf(ctx.dialect, 'id', [...wanted]))
    .execute();
  for (const citizen of citizens) {
    hydration.citizens.set(citizen.id, citizen);
    ctx.caches.citizenSummaries.set(citizen.id, citizen);
  }
}
