import { getSharedStageFeed } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { guestStagePage } from './get-stage-feed.js';

/**
 * The stage as a guest reads it, for the web server's first render of `/` (machine token: it has no guest
 * token of its own). Same skeleton, rules and snapshot as the eight-stage feed, and no viewer, so its pages
 * are the guest pages: its continuation tokens are bound to the same feed (`stage:<country>`), and a browser
 * carries on from the server's first page through the citizen-or-guest call (ADR 002). That grants nothing:
 * a token only names a position in the public stage every guest may read.
 *
 * Being a guest page, it is kept in the guests' page cache under the same key (GUEST_PAGE_CACHE_MS), so
 * server renders and guests share one read per page per second.
 */
export default defineRoute(getSharedStageFeed, ({ query, ctx }) => guestStagePage(ctx, query));
