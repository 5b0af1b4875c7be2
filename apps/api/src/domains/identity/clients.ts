import { type MachineScope, machineScopes } from '@civitas/contract';
import type { Db } from '../../db/database.js';
import { digestSecret, randomToken } from './secrets.js';

/** The web app's own public client: PKCE only, no secret, redirecting to the own-origin callback. */
export const WEB_CLIENT_ID = 'civitas-web';
export const webCallbackPath = '/api/auth/callback';

export interface OauthClient {
  id: string;
  secretDigest: string | null;
  scopes: MachineScope[];
  redirectUris: string[];
}

export async function findClient(db: Db, clientId: string): Promise<OauthClient | null> {
  const row = await db.selectFrom('oauth_clients').selectAll().where('id', '=', clientId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    secretDigest: row.secret_hash,
    scopes: JSON.parse(row.scopes) as MachineScope[],
    redirectUris: JSON.parse(row.redirect_uris) as string[],
  };
}

/** Registers (or re-points) the web client at this deployment's public URL; run at every start. */
export async function ensureWebClient(db: Db, publicUrl: string, now: number): Promise<void> {
  const redirectUris = JSON.stringify([new URL(webCallbackPath, publicUrl).toString()]);
  await db
    .insertInto('oauth_clients')
    .values({
      id: WEB_CLIENT_ID,
      name: 'Civitas web',
      secret_hash: null,
      scopes: '[]',
      redirect_uris: redirectUris,
      created_at: now,
    })
    .onConflict((conflict) => conflict.column('id').doUpdateSet({ redirect_uris: redirectUris }))
    .execute();
}

/**
 * A machine client with a fresh secret, shown once; only its digest is stored. `secret` registers a given one
 * instead; `ifAbsent` leaves a client already registered under that id as it is.
 */
export async function registerMachineClient(
  db: Db,
  client: { id: string; name: string; scopes: readonly MachineScope[] },
  now: number,
  options: { secret?: string; ifAbsent?: boolean } = {},
): Promise<string> {
  const unknown = client.scopes.filter((scope) => !(machineScopes as readonly string[]).includes(scope));
  if (unknown.length > 0) throw new Error(`unknown scopes: ${unknown.join(', ')}`);
  const secret = options.secret ?? randomToken();
  await db
    .insertInto('oauth_clients')
    .values({
      id: client.id,
      name: client.name,
      secret_hash: digestSecret(secret),
      scopes: JSON.stringify(client.scopes),
      redirect_uris: '[]',
      created_at: now,
    })
    .$if(options.ifAbsent === true, (insert) => insert.onConflict((conflict) => conflict.column('id').doNothing()))
    .execute();
  return secret;
}

/** Replaces a machine client's secret (its digest); tokens it already holds stay valid until they expire. */
export async function setMachineClientSecret(db: Db, clientId: string, secret: string): Promise<void> {
  await db
    .updateTable('oauth_clients')
    .set({ secret_hash: digestSecret(secret) })
    .where('id', '=', clientId)
    .execute();
}
