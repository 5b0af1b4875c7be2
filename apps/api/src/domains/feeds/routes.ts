import { getStageFeed } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import type { ReadyAnswer } from '../../http/express-lane.js';
import type { Route } from '../../http/route.js';
import getFollowingFeed from './get-following-feed.js';
import getHashtagFeed from './get-hashtag-feed.js';
import getLovedPosts from './get-loved-posts.js';
import getMyPrivateFeed from './get-my-private-feed.js';
import getMyPublicFeed from './get-my-public-feed.js';
import getProfilePrivateFeed from './get-profile-private-feed.js';
import getSharedLovedPosts from './get-shared-loved-posts.js';
import getSharedProfileFeed from './get-shared-profile-feed.js';
import getSharedStageFeed from './get-shared-stage-feed.js';
import getStageFeedRoute, { readyCitizenStagePage, readyGuestStagePage } from './get-stage-feed.js';

/** The feeds domain's routes; registered by src/routes.ts. */
export const feedsRoutes = [
  getStageFeedRoute,
  getSharedStageFeed,
  getSharedProfileFeed,
  getProfilePrivateFeed,
  getMyPublicFeed,
  getMyPrivateFeed,
  getSharedLovedPosts,
  getLovedPosts,
  getHashtagFeed,
  getFollowingFeed,
] as Route[];

/**
 * Answers the express lane gives before routing: a guest's stage page from the page cache (ADR 037), a citizen's
 * from the page citizens share and their live read (ADR 045).
 */
export const feedsReadyAnswers = (ctx: AppContext): ReadyAnswer[] => [
  {
    endpoint: getStageFeed,
    ready: ({ query }, caller) =>
      caller.kind === 'guest'
        ? readyGuestStagePage(ctx, query)
        : caller.kind === 'citizen'
          ? readyCitizenStagePage(ctx, query, caller.citizenId)
          : undefined,
  } satisfies ReadyAnswer<typeof getStageFeed> as ReadyAnswer,
];
