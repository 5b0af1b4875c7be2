/**
 * Which feed a citizen's home shows (ADR 081): the main stage, or the posts of the people they follow. The choice
 * travels as `?feed=<choice>` on the home's tabs, plain links like the theme's (ADR 063); the proxy remembers it in
 * a cookie of this browser, and the home (`/`) sends a citizen who chose "following" on to `/following`.
 */
export const homeFeeds = ['stage', 'following'] as const;
export type HomeFeed = (typeof homeFeeds)[number];

/** A preference of this browser, like the theme: no consent needed; httpOnly, SameSite=Lax, a year. */
export const HOME_FEED_COOKIE = 'civitas_home_feed';
export const homeFeedParam = 'feed';

export function parseHomeFeed(value: string | null | undefined): HomeFeed | null {
  return homeFeeds.find((feed) => feed === value) ?? null;
}

/** Where each tab leads: the choice rides along, so following the link is choosing. */
export const homeFeedHref = (feed: HomeFeed) => (feed === 'stage' ? '/?feed=stage' : '/following?feed=following');
