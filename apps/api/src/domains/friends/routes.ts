import type { Route } from '../../http/route.js';
import approveFriendRequest from './approve-friend-request.js';
import cancelFriendRequest from './cancel-friend-request.js';
import declineFriendRequest from './decline-friend-request.js';
import getIncomingFriendRequests from './get-incoming-friend-requests.js';
import sendFriendRequest from './send-friend-request.js';
import unfriend from './unfriend.js';

/** The friends domain's routes; registered by src/routes.ts. */
export const friendsRoutes = [
  sendFriendRequest,
  cancelFriendRequest,
  approveFriendRequest,
  declineFriendRequest,
  getIncomingFriendRequests,
  unfriend,
] as Route[];
