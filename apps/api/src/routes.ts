import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { analyticsRoutes } from './domains/analytics/routes.js';
import { blocksRoutes } from './domains/blocks/routes.js';
import { charitiesRoutes } from './domains/charities/routes.js';
import { commentsRoutes } from './domains/comments/routes.js';
import { feedsReadyAnswers, feedsRoutes } from './domains/feeds/routes.js';
import { followsRoutes } from './domains/follows/routes.js';
import { friendsRoutes } from './domains/friends/routes.js';
import { hashtagsRoutes } from './domains/hashtags/routes.js';
import { registerDevMailbox } from './domains/identity/dev-mailbox.js';
import { registerAuthorize } from './domains/identity/oauth/authorize.js';
import { registerDiscovery } from './domains/identity/oauth/discovery.js';
import { registerTokenEndpoint } from './domains/identity/oauth/token-endpoint.js';
import { identityRoutes } from './domains/identity/routes.js';
import { likesRoutes } from './domains/likes/routes.js';
import { mediaRoutes } from './domains/media/routes.js';
import { moderationRoutes } from './domains/moderation/routes.js';
import { registerMonitoringTunnel } from './domains/monitoring/tunnel.js';
import { notificationsRoutes } from './domains/notifications/routes.js';
import { peopleRoutes } from './domains/people/routes.js';
import { postsReadyAnswers, postsRoutes } from './domains/posts/routes.js';
import { profilesRoutes } from './domains/profiles/routes.js';
import { searchRoutes } from './domains/search/routes.js';
import { registerLoginFlow } from './domains/session/login-flow.js';
import { sessionRoutes } from './domains/session/routes.js';
import { socialRoutes } from './domains/social/routes.js';
import type { ReadyAnswer } from './http/express-lane.js';
import { authRateLimit, type Route } from './http/route.js';

/** Every route of the API: each domain lists its own in domains/<name>/routes.ts. */
export const routes: readonly Route[] = [
  ...postsRoutes,
  ...mediaRoutes,
  ...feedsRoutes,
  ...likesRoutes,
  ...commentsRoutes,
  ...followsRoutes,
  ...friendsRoutes,
  ...blocksRoutes,
  ...profilesRoutes,
  ...socialRoutes,
  ...peopleRoutes,
  ...hashtagsRoutes,
  ...searchRoutes,
  ...charitiesRoutes,
  ...identityRoutes,
  ...sessionRoutes,
  ...analyticsRoutes,
  ...moderationRoutes,
  ...notificationsRoutes,
];

/** The answers the express lane gives before routing (ADR 037, 045). */
export const readyAnswers = (ctx: AppContext): ReadyAnswer[] => [...feedsReadyAnswers(ctx), ...postsReadyAnswers(ctx)];

/**
 * Routes that speak another protocol rather than the contract's JSON: OAuth's (redirects, RFC 6749 errors)
 * and Sentry's (envelopes, at `/monitoring` outside `/api`).
 */
export function registerProtocolRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAuthorize(app, ctx);
  registerTokenEndpoint(app, ctx, authRateLimit(ctx));
  registerDiscovery(app, ctx);
  registerLoginFlow(app, ctx);
  registerDevMailbox(app, ctx);
  registerMonitoringTunnel(app, ctx);
}
