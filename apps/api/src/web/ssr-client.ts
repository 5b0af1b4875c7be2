import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MachineScope } from '@civitas/contract';
import type { Config } from '../config.js';
import type { AppContext } from '../context.js';
import { findClient, registerMachineClient, setMachineClientSecret } from '../domains/identity/clients.js';
import { randomToken, sameDigest } from '../domains/identity/secrets.js';
import { RENDER_KEY } from '../http/abuse-limits.js';
import { legacyKeysDir } from '../http/auth/legacy-keys.js';
import { secretNames, sharedSecret } from '../http/auth/server-secrets.js';

/** The machine client the web server uses for public sharing reads during server rendering (docs/product.md §6, §8). */
export const SSR_CLIENT_ID = 'civitas-web-ssr';
export const SSR_CLIENT_SCOPES: readonly MachineScope[] = ['content', 'social', 'users', 'graphs'];

/** What the web server (Next, in this process's renderer thread) reads from `process.env` to call the API. */
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

/** Where installs from before ADR 017 kept the secret, one per DATA_DIR. */
const legacyCredentialsFile = (dataDir: string) => join(legacyKeysDir(dataDir), 'ssr-client.json');

function readLegacySecret(dataDir: string): string | null {
  const file = legacyCredentialsFile(dataDir);
  if (!existsSync(file)) return null;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<SsrClientCredentials>;
  return typeof stored.clientSecret === 'string' ? stored.clientSecret : null;
}

/**
 * The SSR machine client's secret is shared by every instance through the database (server_secrets, ADR 017):
 * made once, insert-if-absent, and read back, so instances starting together agree on it. An install from
 * before ADR 017 keeps the secret in its DATA_DIR when the database still knows it. The client is registered
 * only when absent, and re-pointed only when it holds a secret no instance reads any more (a client from
 * before ADR 017, or one changed by hand): never one another instance is using.
 */
export async function ensureSsrClient(ctx: AppContext): Promise<SsrClientCredentials> {
  const known = await findClient(ctx.db, SSR_CLIENT_ID);
  const legacy = readLegacySecret(ctx.config.DATA_DIR);
  const stillRegistered = legacy !== null && known?.secretDigest && sameDigest(legacy, known.secretDigest);
  const clientSecret = await sharedSecret(
    ctx.db,
    secretNames.ssrClient,
    stillRegistered ? legacy : randomToken(),
    ctx.now(),
  );
  const credentials = { clientId: SSR_CLIENT_ID, clientSecret };
  if (known?.secretDigest && sameDigest(clientSecret, known.secretDigest)) return credentials;

  const client = { id: SSR_CLIENT_ID, name: 'Civitas web server rendering', scopes: SSR_CLIENT_SCOPES };
  if (known) await setMachineClientSecret(ctx.db, SSR_CLIENT_ID, clientSecret);
  // Instances registering at once all offer the same shared secret: whichever insert lands, it is theirs.
  else await registerMachineClient(ctx.db, client, ctx.now(), { secret: clientSecret, ifAbsent: true });
  return credentials;
}

/** Where this process answers on the loopback interface, for calls from the web server to the API. */
export function internalOrigin(config: Pick<Config, 'HOST' | 'PORT'>): string {
  const wildcard = ['', '0.0.0.0', '::', '[::]'].includes(config.HOST);
  const host = wildcard ? '127.0.0.1' : config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST;
  return `http://${host}:${config.PORT}`;
}

/**
 * Hands the API origin and the SSR credentials to the Next server, which runs in a thread of this process and
 * starts with a copy of its environment (ADR 043): called before the web is mounted.
 */
export function handToWebServer(origin: string, credentials: SsrClientCredentials): void {
  process.env[webServerEnv.apiOrigin] = origin;
  process.env[webServerEnv.clientId] = credentials.clientId;
  process.env[webServerEnv.clientSecret] = credentials.clientSecret;
  process.env[webServerEnv.renderKey] = RENDER_KEY;
}
