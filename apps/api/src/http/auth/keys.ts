import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type CryptoKey, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';

export const SIGNING_ALG = 'ES256';

export interface Keys {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  /** Signs continuation tokens so a tampered one is refused. */
  cursorSecret: Buffer;
}

interface StoredKeys {
  privateJwk: JWK;
  cursorSecret: string;
}

async function fromStored(stored: StoredKeys): Promise<Keys> {
  const { d: _private, ...publicJwk } = stored.privateJwk;
  return {
    privateKey: (await importJWK(stored.privateJwk, SIGNING_ALG)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, SIGNING_ALG)) as CryptoKey,
    publicJwk: { ...publicJwk, alg: SIGNING_ALG, use: 'sig' },
    cursorSecret: Buffer.from(stored.cursorSecret, 'base64url'),
  };
}

async function generate(): Promise<StoredKeys> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  privateJwk.kid = randomBytes(8).toString('hex');
  return { privateJwk, cursorSecret: randomBytes(32).toString('base64url') };
}

/** Fresh keys that live only as long as the process (tests). */
export const ephemeralKeys = async (): Promise<Keys> => fromStored(await generate());

/** Keys generated on first start and kept in DATA_DIR/keys, readable by the owner only. */
export async function loadOrCreateKeys(dataDir: string): Promise<Keys> {
  const dir = join(dataDir, 'keys');
  const file = join(dir, 'signing.json');
  if (existsSync(file)) return fromStored(JSON.parse(readFileSync(file, 'utf8')) as StoredKeys);
  const stored = await generate();
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(stored), { mode: 0o600, flag: 'wx' });
  return fromStored(stored);
}
