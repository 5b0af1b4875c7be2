import type { Config } from '../../../config.js';
import type { Db } from '../../../db/database.js';
import { stagePage } from './stage.js';

/**
 * The `staged_at` of the newest entries of one country's stage, newest first, read at `readAt`; `complete`
 * when they are the whole stage.
 */
export interface StageHead {
  readonly stagedAt: readonly number[];
  readonly complete: boolean;
}

/** Enough entries that any timestamp from the last several pages' worth of stagings settles on one of them. */
export const STAGE_HEAD_ENTRIES = 200;

export async function readStageHead(db: Db, country: string, readAt: number): Promise<StageHead> {
  const rows = await stagePage(db, country, readAt, undefined, STAGE_HEAD_ENTRIES);
  return { stagedAt: rows.map((row) => row.staged_at), complete: rows.length < STAGE_HEAD_ENTRIES };
}

/**
 * The snapshot a first page is read as of: the `staged_at` of the newest entry at or before the requested
 * one. Every timestamp between two stagings names the same page, so clients that send their own snapshot
 * (one per request: docs/product.md §7, the web app's Refresh) share one cached page instead of one read each. It is
 * never later than the requested snapshot, so no post staged after it can appear in the session's pages; an
 * entry staged since the head was read waits for the next head (at most its cache period).
 *
 * Undefined when the head cannot tell (the timestamp is older than every entry of an incomplete head): the
 * page is then read as requested.
 */
export function settledSnapshot(head: StageHead, requested: number): number | undefined {
  const { stagedAt } = head;
  // Newest first, so the first entry at or before the request is found by binary search.
  let low = 0;
  let high = stagedAt.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((stagedAt[middle] as number) <= requested) high = middle;
    else low = middle + 1;
  }
  if (low < stagedAt.length) return stagedAt[low];
  // Nothing was on the stage yet at that time: every such request reads the same empty page.
  return head.complete ? 0 : undefined;
}

/**
 * How long a head is kept: the shortest of the page caches it serves (0, off, when both are). A post staged
 * behind this process's back (the CLI, another instance) reaches a cached page within that plus the page's
 * own period: two seconds by default. A like that stages a post clears the head at once.
 */
export function stageHeadCacheMs(config: Pick<Config, 'GUEST_PAGE_CACHE_MS' | 'STAGE_SKELETON_CACHE_MS'>): number {
  const periods = [config.GUEST_PAGE_CACHE_MS, config.STAGE_SKELETON_CACHE_MS].filter((ms) => ms > 0);
  return periods.length === 0 ? 0 : Math.min(...periods);
}
