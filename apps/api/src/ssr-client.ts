import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineScope } from '@civitas/contract';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { findClient, registerMachineClient } from './domains/identity/clients.js';
import { sameDigest } from './domains/identity/secrets.js';
import { RENDER_KEY } from './http/abuse-limits.js';

/** The machine client the web server uses for public sharing reads during server rendering (spec §6, §8). */
export const SSR_CLIENT_ID = 'civitas-web-ssr';
export const SSR_CLIENT_SCOPES: readonly MachineScope[] = ['content', 'social', 'users', 'graphs'];

/** What the web server (the Next handler in this process) reads from `process.env` to call the API. */
export const webServerEnv = {
  apiOrigin: 'CIVITAS_API_ORIGIN',
  clientId: 'CIVITAS_SSR_CLIENT_ID',
  clientSecret: 'CIVITAS_SSR_CLIENT_SECRET',
  /** Sent by the web server on its own calls (x-civitas-render-key), so the abuse limits can tell them apart. */
  renderKey: 'CIVITAS_RENDER_KEY',
} as const;

export interface SsrClientCredentials {
  clientId: string;
  clientSecret: string;
}

const credentialsFile = (dataDir: string) => join(dataDir, 'keys', 'ssr-client.json');

function readStored(file: string): SsrClientCredentials | null {
  if (!existsSync(file)) return null;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<SsrClientCredentials>;
  return typeof stored.clientId === 'string' && typeof stored.clientSecret === 'string'
    ? { clientId: stored.clientId, clientSecret: stored.clientSecret }
    : null;
}

/**
 * The SSR machine client's secret is generated once and kept beside the signing keys in DATA_DIR/keys
 * (owner-only), so every start (and every instance sharing the keys) uses the same one. It is registered
 * again only when the database does not know it with that secret (a fresh or restored database).
 */
export async function ensureSsrClient(ctx: AppContext): Promise<SsrClientCredentials> {
  const file = credentialsFile(ctx.config.DATA_DIR);
  const stored = readStored(file);
  const known = await findClient(ctx.db, SSR_CLIENT_ID);
  if (stored && known?.secretDigest && sameDigest(stored.clientSecret, known.secretDigest)) return stored;

  const clientSecret = await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('oauth_clients').where('id', '=', SSR_CLIENT_ID).execute();
    return registerMachineClient(
      trx,
      { id: SSR_CLIENT_ID, name: 'Civitas web server rendering', scopes: SSR_CLIENT_SCOPES },
      ctx.now(),
    );
  });
  const credentials = { clientId: SSR_CLIENT_ID, clientSecret };
  mkdirSync(join(ctx.config.DATA_DIR, 'keys'), { recursive: true, mode: 0o700 });
  // Written aside and renamed, so a crash never leaves a half-written secret behind.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, JSON.stringify(credentials), { mode: 0o600 });
  renameSync(partial, file);
  return credentials;
}

/** Where this process answers on the loopback interface, for calls from the web server to the API. */
export function internalOrigin(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const wildcard = ['', '0.0.0.0', '::', '[::]'].includes(config.HOST);
  const host = wildcard ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/** Hands the API origin and the SSR credentials to the Next server, which runs in this same process. */
export function handToWebServer(origin: string, credentials: SsrClientCredentials): void {
  process.env[webServerEnv.apiOrigin] = origin;
  process.env[webServerEnv.clientId] = credentials.clientId;
  process.env[webServerEnv.clientSecret] = credentials.clientSecret;
  process.env[webServerEnv.renderKey] = RENDER_KEY;
}
