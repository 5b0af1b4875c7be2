import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import { KEY_SET_MAX_AGE_MS } from './key-ring.js';
import { generateSigningJwk, insertKeyAs, readAllKeys } from './signing-keys.js';
import { GUEST_TOKEN_TTL_SECONDS } from './tokens.js';

/** Allowance for clocks of instances that disagree a little. */
const CLOCK_SKEW_MS = 60_000;

/**
 * How long a key must have stopped signing before no token it signed can still be valid: the longest lifetime
 * of a token signed with these keys (access, machine and guest tokens; refresh tokens are random values stored
 * as digests, never signed), plus the time an instance may go on signing with a key already superseded.
 */
export function retirementDelayMs(config: Pick<Config, 'ACCESS_TOKEN_TTL_SECONDS' | 'MACHINE_TOKEN_TTL_SECONDS'>) {
  const longest = Math.max(config.ACCESS_TOKEN_TTL_SECONDS, config.MACHINE_TOKEN_TTL_SECONDS, GUEST_TOKEN_TTL_SECONDS);
  return longest * 1000 + KEY_SET_MAX_AGE_MS + CLOCK_SKEW_MS;
}

export interface Rotation {
  added: { kid: string; generation: number };
  retired: string[];
  /** Every key that still verifies, the new one included. */
  verifying: string[];
}

export class ConcurrentRotationError extends Error {}

/**
 * Adds a signing key (the next generation, which every instance signs with once it has read the key set again)
 * and retires each older key whose successor has signed for longer than `retireAfterMs`: no token it signed can
 * still be valid. The newest key before this one keeps verifying until a later rotation retires it.
 */
export async function rotateSigningKeys(db: Db, now: number, retireAfterMs: number): Promise<Rotation> {
  const before = await readAllKeys(db);
  const generation = (before.at(-1)?.generation ?? 0) + 1;
  const jwk = await generateSigningJwk();
  if (!(await insertKeyAs(db, generation, jwk, now))) throw new ConcurrentRotationError();
  const kid = jwk.kid as string;

  const keys = [...before, { kid, createdAt: now, retiredAt: null }];
  const retired = keys
    .filter((key, index) => {
      const successor = keys[index + 1];
      return key.retiredAt === null && successor !== undefined && now - successor.createdAt >= retireAfterMs;
    })
    .map((key) => key.kid);
  if (retired.length > 0) {
    await db.updateTable('signing_keys').set({ retired_at: now }).where('kid', 'in', retired).execute();
  }
  const verifying = keys.filter((key) => key.retiredAt === null && !retired.includes(key.kid)).map((key) => key.kid);
  return { added: { kid, generation }, retired, verifying };
}
