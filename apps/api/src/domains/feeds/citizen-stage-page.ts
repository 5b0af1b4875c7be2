import type { LikesOverviewDetails } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import type { DialectName } from '../../db/dialect.js';
import { oneOf, oneOfShape, oneOfValues } from '../../db/id-list.js';
import { precompiled } from '../../db/precompiled.js';
import { GzipTemplate } from '../../http/gzip-template.js';
import { SerializedBody } from '../../http/route.js';
import { viewerLikeOf } from '../posts/hydrate.js';
import { feedPageAroundLikes, fillLikes, LIKES_HOLE_BYTES, paddedLikesJson } from '../posts/post-json.js';
import type { FeedPage } from './pipeline.js';

/**
 * A stage page as every citizen shares it: its posts, the version of each, and its checked JSON around the
 * likes. Citizens read the same stage (it holds public posts only, which every reader may see), so what one
 * citizen's page adds to the shared one is their likes, and the counts and visibility read live.
 */
export interface SharedStagePage {
  readonly postIds: readonly string[];
  readonly updatedAt: readonly number[];
  /** Null when the page's text cannot be filled in (see feedPageAroundLikes): each reader's is written whole. */
  readonly aroundLikes: readonly string[] | null;
}

/** Made from the page as nobody in particular reads it (no viewer: no likes of anyone's). */
export const sharedStagePage = (ctx: Pick<AppContext, 'caches'>, page: FeedPage): SharedStagePage => ({
  postIds: page.data.map((post) => post.id),
  updatedAt: page.data.map((post) => Date.parse(post.updatedAt)),
  aroundLikes: feedPageAroundLikes(ctx.caches.checkedPostJson, page),
});

/**
 * A shared page's text compressed once (http/gzip-template.ts), for the first reader who takes gzip; it goes
 * with the shared page when the page cache lets that go.
 */
const templates = new WeakMap<readonly string[], GzipTemplate>();
function gzipTemplateOf(aroundLikes: readonly string[]): GzipTemplate {
  let template = templates.get(aroundLikes);
  if (!template) {
    template = new GzipTemplate(aroundLikes, LIKES_HOLE_BYTES);
    templates.set(aroundLikes, template);
  }
  return template;
}

/**
 * One citizen's page from the shared one, with one small live read: each post's likes count, whether this
 * citizen likes it, and what decides whether it may still be shown. Null when any post changed since the
 * shared page was made (deleted, edited, no longer ready or public): the caller then reads the page whole.
 * Sent gzipped to a client that takes it, from the shared page's compressed text with these likes written in.
 */
export async function citizenStageBody(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  shared: SharedStagePage,
  viewerId: string,
): Promise<SerializedBody | null> {
  const { aroundLikes } = shared;
  if (aroundLikes === null) return null;
  const likes = await citizenLikes(ctx, shared, viewerId);
  if (likes === null) return null;
  return SerializedBody.assembled(
    () => fillLikes(aroundLikes, likes),
    () => gzipTemplateOf(aroundLikes).fill(likes.map(paddedLikesJson)),
  );
}

/** Each post's likes for this reader, or null when a post changed since the page was shared. */
async function citizenLikes(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  shared: SharedStagePage,
  viewerId: string,
): Promise<LikesOverviewDetails[] | null> {
  if (shared.postIds.length === 0) return [];
  const rows = await liveLikes(ctx.db, ctx.dialect, shared.postIds, viewerId);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const likes: LikesOverviewDetails[] = [];
  for (const [i, id] of shared.postIds.entries()) {
    const row = byId.get(id);
    const unchanged =
      row !== undefined &&
      row.deleted_at === null &&
      row.status === 'ready' &&
      row.sharing === 'public' &&
      row.updated_at === shared.updatedAt[i];
    if (!unchanged) return null;
    likes.push({ likesCount: row.likes_count, liked: row.liked !== null });
  }
  return likes;
}

// Authors need no check: citizens are never deleted, and a post's author is a foreign key.
function liveLikesQuery(db: Db, dialect: DialectName, ids: readonly string[], viewerId: string) {
  return db
    .selectFrom('posts')
    .select((eb) => [
      'posts.id',
      'posts.likes_count',
      'posts.updated_at',
      'posts.status',
      'posts.sharing',
      'posts.deleted_at',
      viewerLikeOf(eb, viewerId).as('liked'),
    ])
    .where(oneOf(dialect, 'posts.id', ids));
}

const liveLikes = precompiled({
  build: liveLikesQuery,
  shape: oneOfShape,
  parameters: (dialect, ids, viewerId) => [viewerId, ...oneOfValues(dialect, ids)],
});
