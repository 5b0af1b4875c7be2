import { verifyEmail } from '@civitas/contract';
import { AppError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { consumeCode } from './email-codes.js';

export default defineRoute(verifyEmail, async ({ body, ctx }) => {
  const now = ctx.now();
  // Only a real account's codes spend its guesses (no counter is made for ids nobody has).
  const known = await ctx.db.selectFrom('citizens').select('id').where('id', '=', body.influencerId).executeTakeFirst();
  if (!known) throw new AppError(400, 'INVALID_CODE', 'That code is wrong or has expired; ask for a new one');
  await consumeCode(ctx, body.influencerId, 'verify_email', body.otpCode, now);
  await ctx.db
    .updateTable('citizens')
    // Confirmed, the account is no longer pending: everyone may see it, and the sweeper leaves it.
    .set({ email_verified_at: now, pending_until: null, updated_at: now })
    .where('id', '=', body.influencerId)
    .where('email_verified_at', 'is', null)
    .execute();
  return { verified: true as const };
});
