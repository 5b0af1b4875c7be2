import { confirmPasswordReset } from '@civitas/contract';
import { AppError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { consumeCode } from './email-codes.js';
import { revokeAllFor } from './oauth/refresh-tokens.js';
import { hashPassword } from './passwords.js';

export default defineRoute(confirmPasswordReset, async ({ body, ctx }) => {
  const now = ctx.now();
  const citizen = await ctx.db
    .selectFrom('citizens')
    .select('id')
    .where('email_key', '=', body.email)
    .executeTakeFirst();
  if (!citizen) throw new AppError(400, 'INVALID_CODE', 'That code is wrong or has expired; ask for a new one');
  await consumeCode(ctx, citizen.id, 'reset_password', body.otpCode, now);
  const passwordHash = await hashPassword(body.newPassword);
  await ctx.db.transaction().execute(async (trx) => {
    // Holding the emailed code proves the address too.
    await trx
      .updateTable('citizens')
      .set((eb) => ({
        password_hash: passwordHash,
        updated_at: now,
        email_verified_at: eb.fn.coalesce('email_verified_at', eb.val(now)),
      }))
      .where('id', '=', citizen.id)
      .execute();
    await revokeAllFor(trx, citizen.id, now);
  });
  return { reset: true as const };
});
