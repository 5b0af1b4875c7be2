import type { AppContext } from '../../context.js';
import { KEY_SET_MAX_AGE_MS } from '../../http/auth/key-ring.js';
import { ConcurrentRotationError, retirementDelayMs, rotateSigningKeys } from '../../http/auth/rotation.js';
import { CliError } from '../errors.js';

const hours = (ms: number) => `${Math.round((ms / 3_600_000) * 10) / 10} h`;

/** Adds a token signing key and retires keys no valid token can name any more (ADR 017). */
export async function rotateKeys(ctx: AppContext): Promise<string> {
  const delay = retirementDelayMs(ctx.config);
  try {
    const rotation = await rotateSigningKeys(ctx.db, ctx.now(), delay);
    await ctx.cacheBus.announce('keys-changed');
    return [
      `Added signing key ${rotation.added.kid} (generation ${rotation.added.generation}); every instance signs with it within ${KEY_SET_MAX_AGE_MS / 1000} s (at once with Redis).`,
      rotation.retired.length > 0
        ? `Retired ${rotation.retired.join(', ')}: superseded more than ${hours(delay)} ago.`
        : `Retired none: a key is retired once its successor has signed for ${hours(delay)} (run rotate-keys again later).`,
      `Keys that verify tokens: ${rotation.verifying.join(', ')}.`,
    ].join('\n');
  } catch (error) {
    if (error instanceof ConcurrentRotationError) {
      throw new CliError('Another rotation added a key at the same moment; nothing was changed here. Run it again.');
    }
    throw error;
  }
}
