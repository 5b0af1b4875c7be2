import { isForeignKeyViolation } from '../db/errors.js';
import { unauthorized } from './errors.js';

export const callerGone = () => unauthorized('The account of this session no longer exists; sign in again');

/**
 * Runs a write that names the caller's citizen row. A foreign-key failure then means the token outlived
 * its account: a 401, not a 500 (and no extra lookup on the hot path).
 */
export async function withLiveCaller<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw callerGone();
    throw error;
  }
}
