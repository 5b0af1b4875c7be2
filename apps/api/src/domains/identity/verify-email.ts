import { verifyEmail } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { consumeCode } from './email-codes.js';

export default defineRoute(verifyEmail, async ({ body, ctx }) => {
  const now = ctx.now();
  await consumeCode(ctx, body.influencerId, 'verify_email', body.otpCode, now);
  await ctx.db
    .updateTable('citizens')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', body.influencerId)
    .where('email_verified_at', 'is', null)
    .execute();
  return { verified: true as const };
});
