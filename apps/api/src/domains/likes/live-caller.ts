import { isForeignKeyViolation } from '../../db/errors.js';
import { callerGone } from '../profiles/lookup.js';

/**
 * Runs a write that names the caller's citizen row. The post was checked just before, so a foreign-key
 * failure means the token outlived its account: a 401, not a 500 (and no extra lookup on the hot path).
 */
export async function withLiveCaller<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isForeignKeyViolation(error)) throw callerGone();
    throw error;
  }
}
