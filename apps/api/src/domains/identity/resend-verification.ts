import { resendVerification } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { sendCode } from './send-code.js';

export default defineRoute(resendVerification, async ({ body, ctx, request }) => {
  const citizen = await ctx.db
    .selectFrom('citizens')
    .select(['id', 'email', 'language', 'email_verified_at'])
    .where('email_key', '=', body.email)
    .executeTakeFirst();
  if (citizen?.email && citizen.email_verified_at === null) {
    sendCode(ctx, request.log, { id: citizen.id, email: citizen.email, language: citizen.language });
  }
  return { accepted: true as const };
});
