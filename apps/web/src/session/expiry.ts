/** docs/product.md §4, §9: a token counts as expired 180 seconds before its real expiry, and is refreshed before use. */
export const TOKEN_EXPIRY_MARGIN_MS = 180_000;

/**
 * Whether a token expiring at `expiresAt` (epoch ms) must be renewed before it is used at `now`. An unknown
 * expiry counts as expiring, so a session whose expiry cookie went missing is renewed rather than trusted.
 */
export function needsRenewal(expiresAt: number | undefined, now: number, marginMs = TOKEN_EXPIRY_MARGIN_MS): boolean {
  if (expiresAt === undefined || !Number.isFinite(expiresAt)) return true;
  return expiresAt - marginMs <= now;
}

/** The expiry cookie's value as epoch ms, or undefined when absent or not a number. */
export function parseExpiresAt(value: string | undefined): number | undefined {
  if (!value || !/^\d{1,16}$/.test(value)) return undefined;
  return Number(value);
}
