import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { createKeyRing, type KeyRing, type KeyRingOptions } from './key-ring.js';
import { readLegacyKeys, withKid } from './legacy-keys.js';
import { secretNames, sharedSecret } from './server-secrets.js';
import { generateSigningJwk, insertKeyAs, readActiveKeys } from './signing-keys.js';

export { SIGNING_ALG } from './signing-keys.js';

export interface Keys {
  /** The token signing keys, shared by every instance through the database and rotated there. */
  signing: KeyRing;
  /** Signs continuation tokens so a tampered one is refused (and seals sign-in interactions and emailed codes). */
  cursorSecret: Buffer;
}

/**
 * The keys every instance on this database shares (ADR 017). On the first start they are made: from
 * DATA_DIR/keys/signing.json when an install from before ADR 017 has one (so its tokens stay valid), else fresh.
 * Each is stored insert-if-absent and read back, so instances starting together end up with the same keys.
 */
export async function loadKeys(db: Db, dataDir: string, ring: Omit<KeyRingOptions, 'load'> = {}): Promise<Keys> {
  const now = Date.now();
  const legacy = readLegacyKeys(dataDir);
  // Generation 1 is the first key ever stored; once there is one, this insert does nothing.
  await insertKeyAs(db, 1, legacy ? await withKid(legacy.privateJwk) : await generateSigningJwk(), now);
  const candidate = legacy?.cursorSecret ?? randomBytes(32).toString('base64url');
  const cursorSecret = await sharedSecret(db, secretNames.cursor, candidate, now);
  return {
    signing: await createKeyRing({ ...ring, load: () => readActiveKeys(db) }),
    cursorSecret: Buffer.from(cursorSecret, 'base64url'),
  };
}
