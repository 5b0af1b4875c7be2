import type { Db } from '../../db/database.js';

/**
 * Accounts signed out everywhere (a password reset) within an access token's lifetime. Their refresh tokens are
 * revoked in the database; this makes their access tokens stop too, at once instead of when they expire, without
 * a read per request: the few such accounts are kept in memory, read again when any instance signs one out.
 */
export interface SignOuts {
  /** Whether a citizen's token issued at `issuedAtSeconds` (its `iat`) was ended by a sign-out since. */
  ended(citizenId: string, issuedAtSeconds: number): boolean;
  /** Reads the recent sign-outs again (after this or another instance recorded one). */
  reload(): Promise<void>;
}

export function createSignOuts(db: Db, tokenLifetimeMs: number, now: () => number): SignOuts {
  let signedOutAt = new Map<string, number>();
  return {
    ended(citizenId, issuedAtSeconds) {
      if (signedOutAt.size === 0) return false;
      const at = signedOutAt.get(citizenId);
      // `iat` has whole seconds: a token of the same second as the sign-out is taken for one issued after it,
      // so signing in again at once works (an older token of that second lives on, for less than a second's worth).
      return at !== undefined && issuedAtSeconds < Math.floor(at / 1000);
    },
    async reload() {
      const rows = await db
        .selectFrom('citizens')
        .select(['id', 'signed_out_at'])
        .where('signed_out_at', '>', now() - tokenLifetimeMs)
        .execute();
      signedOutAt = new Map(rows.map((row) => [row.id, row.signed_out_at ?? 0]));
    },
  };
}
