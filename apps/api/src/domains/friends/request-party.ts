import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { FriendRequestsTable } from '../../db/tables/graph.js';
import { forbidden, notFound } from '../../http/errors.js';
import { findFriendRequest } from './friend-store.js';

export type FriendRequestRow = Selectable<FriendRequestsTable>;

export const friendRequestNotFound = () =>
  notFound('FRIEND_REQUEST_NOT_FOUND', 'No such pending friend request between you and another citizen');

type Role = 'sender' | 'recipient';

/** What the other party may do instead, so the 403 tells the caller their way forward. */
const wrongParty: Record<Role, { code: string; message: (action: string) => string }> = {
  sender: {
    code: 'NOT_FRIEND_REQUEST_SENDER',
    message: (action) => `Only the sender can ${action} a friend request; decline it instead`,
  },
  recipient: {
    code: 'NOT_FRIEND_REQUEST_RECIPIENT',
    message: (action) =>
      `Only the citizen a friend request was sent to can ${action} it; cancel your own request instead`,
  },
};

/**
 * A pending request the caller may act on in the given role: 404 when it does not exist or the caller is
 * not one of its two people (do not reveal others' requests), 403 when the caller is the other party.
 */
export async function requireRequestAs(
  db: Db,
  requestId: string,
  callerId: string,
  role: Role,
  action: string,
): Promise<{ request: FriendRequestRow; otherId: string }> {
  const request = await findFriendRequest(db, requestId);
  if (!request || (request.from_id !== callerId && request.to_id !== callerId)) throw friendRequestNotFound();
  const callerRole: Role = request.from_id === callerId ? 'sender' : 'recipient';
  if (callerRole !== role) throw forbidden(wrongParty[role].code, wrongParty[role].message(action));
  return { request, otherId: callerRole === 'sender' ? request.to_id : request.from_id };
}
