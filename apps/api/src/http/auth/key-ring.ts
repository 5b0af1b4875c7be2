import { type CryptoKey, importJWK, type JWK } from 'jose';
import { SIGNING_ALG, type StoredSigningKey } from './signing-keys.js';

/**
 * How stale an instance's key set may be: it is read again when older than this, before the next token is
 * signed or verified. A rotation (or a retirement) reaches every instance within this bound (ADR 017).
 */
export const KEY_SET_MAX_AGE_MS = 60_000;
/** A token naming a kid this instance does not know reads the set again, at most this often. */
export const UNKNOWN_KID_RELOAD_MS = 5_000;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  /** The public half, as published in the JWKS. */
  publicJwk: JWK;
}

export interface KeyRing {
  /** The key new tokens are signed with: the newest generation not retired. */
  signingKey(): Promise<SigningKey>;
  /** The key that verifies a token with this kid (none: the signing key), or null when none does. */
  verificationKey(kid: string | undefined): Promise<CryptoKey | null>;
  /** Whether a kid is among the verifying keys as last read (no I/O: for tokens verified earlier). */
  verifies(kid: string | undefined): boolean;
  /** The public keys of every verifying key, for the JWKS. */
  publicJwks(): Promise<JWK[]>;
  /** Reads the set again now (a rotation announced by another instance or the CLI). */
  refresh(): Promise<void>;
}

export interface KeyRingOptions {
  /** The keys not retired, oldest generation first (read from the database). */
  load: () => Promise<StoredSigningKey[]>;
  now?: () => number;
  maxAgeMs?: number;
  unknownKidReloadMs?: number;
}

interface KeySet {
  signing: SigningKey;
  byKid: Map<string, SigningKey>;
  readAt: number;
}

async function toSigningKey(stored: StoredSigningKey): Promise<SigningKey> {
  const { d: _private, ...publicJwk } = stored.privateJwk;
  return {
    kid: stored.kid,
    privateKey: (await importJWK(stored.privateJwk, SIGNING_ALG)) as CryptoKey,
    publicKey: (await importJWK(publicJwk, SIGNING_ALG)) as CryptoKey,
    publicJwk: { ...publicJwk, kid: stored.kid, alg: SIGNING_ALG, use: 'sig' },
  };
}

/** The key set kept in memory and read again when stale or when a token names an unknown kid. */
export async function createKeyRing(options: KeyRingOptions): Promise<KeyRing> {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? KEY_SET_MAX_AGE_MS;
  const unknownKidReloadMs = options.unknownKidReloadMs ?? UNKNOWN_KID_RELOAD_MS;

  const read = async (): Promise<KeySet> => {
    const readAt = now();
    const keys = await Promise.all((await options.load()).map(toSigningKey));
    const signing = keys.at(-1);
    if (!signing) throw new Error('no active signing key in the database');
    return { signing, byKid: new Map(keys.map((key) => [key.kid, key])), readAt };
  };

  let current = await read();
  let reading: Promise<KeySet> | null = null;
  let lastUnknownKidReload = Number.NEGATIVE_INFINITY;

  // One read at a time: requests arriving while the set is read wait for that read. A failed read (the
  // database away for a moment) keeps the set already known, and the next request tries again.
  const reload = (): Promise<KeySet> => {
    reading ??= read()
      .then(
        (set) => {
          current = set;
          return set;
        },
        () => current,
      )
      .finally(() => {
        reading = null;
      });
    return reading;
  };
  const fresh = (): KeySet | Promise<KeySet> => (now() - current.readAt >= maxAgeMs ? reload() : current);

  return {
    async signingKey() {
      return (await fresh()).signing;
    },
    async verificationKey(kid) {
      let set = await fresh();
      if (kid === undefined) return set.signing.publicKey;
      if (!set.byKid.has(kid) && now() - lastUnknownKidReload >= unknownKidReloadMs) {
        // A rotation made elsewhere since the last read; rate-limited, so made-up kids cannot flood the database.
        lastUnknownKidReload = now();
        set = await reload();
      }
      return set.byKid.get(kid)?.publicKey ?? null;
    },
    verifies(kid) {
      return kid === undefined || current.byKid.has(kid);
    },
    async publicJwks() {
      return [...(await fresh()).byKid.values()].map((key) => key.publicJwk);
    },
    async refresh() {
      // A read already under way may have begun before the change: wait for it, then read again.
      if (reading) await reading;
      await reload();
    },
  };
}
