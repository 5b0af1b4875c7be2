/**
 * How long after a refresh token was spent it may be presented once more without the sign-in being revoked:
 * a page request that left the browser while the browser's own refresh was in flight still carries the old
 * cookie. Outside this window a second use is taken for theft (ADR 005). The web server shares one renewal
 * between requests presenting the same token for no longer than this (ADR 006).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** How long an emailed password-reset link stays usable; the mail and the page that sends it both say so. */
export const RESET_LINK_TTL_MS = 60 * 60_000;
