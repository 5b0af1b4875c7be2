import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, URL-safe: refresh tokens, authorization codes, client secrets. */
export const randomToken = (): string => randomBytes(32).toString('base64url');

/** High-entropy secrets are stored as SHA-256 digests: enough for random values, and fast to look up. */
export const digestSecret = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

export const sameDigest = (secret: string, storedDigest: string): boolean => {
  const given = Buffer.from(digestSecret(secret));
  const stored = Buffer.from(storedDigest);
  return given.length === stored.length && timingSafeEqual(given, stored);
};
