import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';

export const SIGNING_ALG = 'ES256';

/** A signing key as stored: the private JWK (with its kid) and where it stands in the rotation. */
export interface StoredSigningKey {
  kid: string;
  generation: number;
  privateJwk: JWK;
  createdAt: number;
  retiredAt: number | null;
}

/** A fresh ES256 private key as a JWK, with a random kid. */
export async function generateSigningJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  privateJwk.kid = randomBytes(8).toString('hex');
  return privateJwk;
}

/** Every key not retired, oldest generation first: the last one signs, all of them verify. */
export async function readActiveKeys(db: Db): Promise<StoredSigningKey[]> {
  return (await readAllKeys(db)).filter((key) => key.retiredAt === null);
}

export async function readAllKeys(db: Db): Promise<StoredSigningKey[]> {
  const rows = await db.selectFrom('signing_keys').selectAll().orderBy('generation').execute();
  return rows.map((row) => ({
    kid: row.kid,
    generation: row.generation,
    privateJwk: JSON.parse(row.private_jwk) as JWK,
    createdAt: row.created_at,
    retiredAt: row.retired_at,
  }));
}

/**
 * Stores `privateJwk` as generation `generation` unless that generation exists already; answers whether it was
 * stored. The unique generation is what makes concurrent first starts (or rotations) agree on one key.
 */
export async function insertKeyAs(db: Db, generation: number, privateJwk: JWK, now: number): Promise<boolean> {
  if (!privateJwk.kid) throw new Error('a signing key needs a kid');
  try {
    const result = await db
      .insertInto('signing_keys')
      .values({
        kid: privateJwk.kid,
        generation,
        private_jwk: JSON.stringify(privateJwk),
        created_at: now,
        retired_at: null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}
