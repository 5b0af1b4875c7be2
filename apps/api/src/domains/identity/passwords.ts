import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane): about 20 ms here, cheap for us, costly to guess.
// 2 is Algorithm.Argon2id (an ambient const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, options);

let decoy: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. With no hash (unknown account, or one without a password) it
 * still spends the same time on a decoy, so response times do not reveal which accounts exist.
 */
export async function passwordMatches(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    decoy ??= hashPassword('decoy password that never matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
