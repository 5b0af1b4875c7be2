import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';

/** Where installs from before ADR 017 kept their keys, one set per DATA_DIR. */
export const legacyKeysDir = (dataDir: string): string => join(dataDir, 'keys');

export interface LegacyKeys {
  privateJwk: JWK;
  cursorSecret: string;
}

/**
 * DATA_DIR/keys/signing.json of an install from before ADR 017, to be imported into the database once, or null
 * when there is none (or it is not one we wrote).
 */
export function readLegacyKeys(dataDir: string): LegacyKeys | null {
  const file = join(legacyKeysDir(dataDir), 'signing.json');
  if (!existsSync(file)) return null;
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<LegacyKeys>;
  const { privateJwk, cursorSecret } = stored;
  if (!privateJwk || typeof privateJwk !== 'object' || typeof privateJwk.d !== 'string') return null;
  if (typeof cursorSecret !== 'string') return null;
  return { privateJwk, cursorSecret };
}

/** The legacy key with a kid: the one it was written with, else its thumbprint (RFC 7638). */
export async function withKid(privateJwk: JWK): Promise<JWK> {
  if (privateJwk.kid) return privateJwk;
  const { d: _private, ...publicJwk } = privateJwk;
  return { ...privateJwk, kid: await calculateJwkThumbprint(publicJwk) };
}
