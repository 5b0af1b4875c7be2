import { describe, expect, it } from 'vitest';
import { createKeyRing, KEY_SET_MAX_AGE_MS, UNKNOWN_KID_RELOAD_MS } from './key-ring.js';
import { generateSigningJwk, type StoredSigningKey } from './signing-keys.js';

async function storedKey(generation: number): Promise<StoredSigningKey> {
  const privateJwk = await generateSigningJwk();
  return { kid: privateJwk.kid as string, generation, privateJwk, createdAt: generation, retiredAt: null };
}

/** A ring over a key set the test changes, on a clock the test moves, counting the reads. */
async function ringOver(initial: StoredSigningKey[]) {
  const state = { keys: initial, time: 1_000_000, reads: 0, failing: false };
  const ring = await createKeyRing({
    now: () => state.time,
    load: async () => {
      state.reads += 1;
      if (state.failing) throw new Error('database away');
      return state.keys;
    },
  });
  return { ring, state };
}

describe('the key ring', () => {
  it('signs with the newest key and publishes every verifying one, without the private part', async () => {
    const [first, second] = [await storedKey(1), await storedKey(2)];
    const { ring } = await ringOver([first, second]);
    expect((await ring.signingKey()).kid).toBe(second.kid);
    const jwks = await ring.publicJwks();
    expect(jwks.map((key) => key.kid)).toEqual([first.kid, second.kid]);
    expect(jwks.every((key) => key.d === undefined && key.alg === 'ES256' && key.use === 'sig')).toBe(true);
  });

  it('picks up a rotation once its set is older than the bound, not before', async () => {
    const first = await storedKey(1);
    const { ring, state } = await ringOver([first]);
    const second = await storedKey(2);
    state.keys = [first, second];
    state.time += KEY_SET_MAX_AGE_MS - 1;
    expect((await ring.signingKey()).kid).toBe(first.kid);
    state.time += 1;
    expect((await ring.signingKey()).kid).toBe(second.kid);
  });

  it('reads the set again for an unknown kid, at most once per interval', async () => {
    const first = await storedKey(1);
    const { ring, state } = await ringOver([first]);
    const readsAtStart = state.reads;
    expect(await ring.verificationKey('made-up')).toBeNull();
    expect(await ring.verificationKey('made-up-too')).toBeNull();
    expect(state.reads).toBe(readsAtStart + 1);

    const second = await storedKey(2);
    state.keys = [first, second];
    state.time += UNKNOWN_KID_RELOAD_MS;
    expect(await ring.verificationKey(second.kid)).not.toBeNull();
    expect(ring.verifies(second.kid)).toBe(true);
  });

  it('drops a retired key at the next read', async () => {
    const [first, second] = [await storedKey(1), await storedKey(2)];
    const { ring, state } = await ringOver([first, second]);
    state.keys = [second];
    state.time += KEY_SET_MAX_AGE_MS;
    expect(await ring.verificationKey(first.kid)).toBeNull();
    expect(ring.verifies(first.kid)).toBe(false);
  });

  it('keeps the set it has when the database cannot be read, and tries again on the next call', async () => {
    const first = await storedKey(1);
    const { ring, state } = await ringOver([first]);
    state.failing = true;
    state.time += KEY_SET_MAX_AGE_MS;
    expect((await ring.signingKey()).kid).toBe(first.kid);
    state.failing = false;
    const second = await storedKey(2);
    state.keys = [first, second];
    expect((await ring.signingKey()).kid).toBe(second.kid);
  });
});
