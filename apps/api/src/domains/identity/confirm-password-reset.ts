import { confirmPasswordReset } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { revokeAllFor } from './oauth/refresh-tokens.js';
import { hashPassword } from './passwords.js';
import { openResetToken, spendResetToken } from './reset-links.js';

export default defineRoute(confirmPasswordReset, async ({ body, ctx }) => {
  const now = ctx.now();
  // The token is looked at before the password is hashed, so wrong tokens cost no hashing.
  const { citizenId, digest } = await openResetToken(ctx.db, ctx.keys.cursorSecret, body.token, now);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    await spendResetToken(trx, citizenId, digest, now);
    // Holding the emailed link proves the address too.
    await trx
      .updateTable('citizens')
      .set((eb) => ({
        password_hash: passwordHash,
        updated_at: now,
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
        pending_until: null,
        signed_out_at: now,
      }))
      .where('id', '=', citizenId)
      .execute();
    await revokeAllFor(trx, citizenId, now);
  });
  // The access tokens too, on every instance, at once (here before the answer): "signed out on every device" is
  // what the page promised.
  await ctx.cacheBus.announce('sign-outs-changed');
  return { reset: true as const };
});
