import { lru } from '../cache/lru.js';
import type { Config } from '../config.js';
import { type MicroCache, microCache } from '../http/micro-cache.js';
import type { SerializedBody } from '../http/serialized-body.js';
import type { SharedStagePage } from './feeds/citizen-stage-page.js';
import type { Skeleton } from './feeds/pipeline.js';
import { type StageHead, stageHeadCacheMs } from './feeds/skeletons/stage-snapshot.js';
import type { HashtagList } from './hashtags/list-hashtags.js';
import { type CitizenSummaryCache, citizenSummaryCache, type PostCache, postCache } from './posts/post-cache.js';
import type { CheckedPostJson } from './posts/post-json.js';

/**
 * The domains' caches, made and typed here, where the domains' types are known (ADR 061). The context
 * (context.ts) names none of them: its `AppCaches` is filled in by the declaration below, so the layer every
 * domain imports imports no domain back.
 */
export interface DomainCaches {
  /** Guests' stage pages by country, size and token or settled snapshot; see GUEST_PAGE_CACHE_MS. */
  guestStagePages: MicroCache<SerializedBody>;
  /** The newest stagings of each country, which settle first pages' snapshots; see stageHeadCacheMs. */
  stageHeads: MicroCache<StageHead>;
  /** Stage pages as citizens share them, by country, size and token or settled snapshot; see STAGE_SKELETON_CACHE_MS. */
  citizenStagePages: MicroCache<SharedStagePage>;
  /** Stage skeletons (post ids and token) by request; see STAGE_SKELETON_CACHE_MS. */
  stageSkeletons: MicroCache<Skeleton>;
  /** Post content by id (POST_CACHE_ENTRIES), checked against the live row on every read. */
  posts: PostCache;
  /** Per page or post (by post ids) and per page of comments (by comment ids), the JSON that last passed the response schema. */
  checkedPostJson: CheckedPostJson;
  /** The hashtag list without a search, by limit and offset, for HASHTAG_LIST_CACHE_MS. */
  hashtagLists: MicroCache<HashtagList>;
  /** Mentioned citizens' summaries by id, for MENTION_CACHE_MS. */
  citizenSummaries: CitizenSummaryCache;
}

declare module '../context.js' {
  interface AppCaches extends DomainCaches {}
}

/** Every domain cache, empty, sized by the configuration. */
export const createCaches = (config: Config): DomainCaches => ({
  guestStagePages: microCache({ ttlMs: config.GUEST_PAGE_CACHE_MS, maxEntries: 10_000 }),
  stageHeads: microCache({ ttlMs: stageHeadCacheMs(config), maxEntries: 1_000 }),
  citizenStagePages: microCache({ ttlMs: config.STAGE_SKELETON_CACHE_MS, maxEntries: 1_000 }),
  stageSkeletons: microCache({ ttlMs: config.STAGE_SKELETON_CACHE_MS, maxEntries: 10_000 }),
  posts: postCache(config.POST_CACHE_ENTRIES),
  // Texts of whole pages (about 17 KB for twenty posts): fewer of them than posts.
  checkedPostJson: lru({ maxEntries: Math.min(1_000, config.POST_CACHE_ENTRIES) }),
  citizenSummaries: citizenSummaryCache(10_000, config.MENTION_CACHE_MS),
  hashtagLists: microCache({ ttlMs: config.HASHTAG_LIST_CACHE_MS, maxEntries: 1_000 }),
});
