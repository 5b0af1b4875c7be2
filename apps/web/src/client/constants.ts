/** Business constants of docs/product.md §9 that the client data layer applies. */

/** A token counts as expired this long before its real expiry, and is refreshed then. */
export const TOKEN_EXPIRY_MARGIN_MS = 180_000;

/** How long cached data nobody subscribes to is kept (RTK Query `keepUnusedDataFor`, in seconds). */
export const KEEP_UNUSED_DATA_FOR_SECONDS = 60;

/** Retries where they apply (network failures of idempotent reads): at most this many. */
export const MAX_NETWORK_RETRIES = 5;

/** The wait between two tries after a network failure. */
export const NETWORK_RETRY_INTERVAL_MS = 3000;

/**
 * A call that has not answered by then fails with TIMEOUT_ERROR (docs/product.md §9). 20 s is long enough
 * for a slow mobile link and short enough that a person is told something went wrong.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/**
 * The wait between a post's processing-status answer and the next read. Not docs/product.md §9's 500 ms "polling batch
 * delay": there is no batch (one post is read at a time), and reads every 500 ms would spend a citizen's request
 * budget (ADR 013) while a long video is processed (ADR 059).
 */
export const STATUS_POLLING_DELAY_MS = 1000;
