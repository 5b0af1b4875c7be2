import type { Db } from '../../db/database.js';

/** Names of the secrets every instance shares through the database (ADR 017). */
export const secretNames = {
  /** HMAC secret of continuation tokens, sealed sign-in interactions and emailed codes. */
  cursor: 'cursor-secret',
  /** The web server's machine-client secret (web/ssr-client.ts). */
  ssrClient: 'ssr-client-secret',
  /** The Web Push (VAPID) key pair, as JSON (domains/notifications/push/vapid-keys.ts, ADR 079). */
  vapid: 'vapid-keys',
} as const;

/**
 * The secret stored under `name`, stored first as `candidate` when there is none. Insert-if-absent, then read
 * back: instances starting together each offer their own candidate, one wins, and all of them use the winner.
 */
export async function sharedSecret(db: Db, name: string, candidate: string, now: number): Promise<string> {
  await db
    .insertInto('server_secrets')
    .values({ name, value: candidate, created_at: now })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return row.value;
}

/** The secret stored under `name`, or null (nothing is created). */
export async function readSecret(db: Db, name: string): Promise<string | null> {
  const row = await db.selectFrom('server_secrets').select('value').where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}
