import { requestPasswordReset } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { sendResetLink } from './send-code.js';

export default defineRoute(requestPasswordReset, async ({ body, ctx, request }) => {
  const citizen = await ctx.db
    .selectFrom('citizens')
    .select(['id', 'email', 'language'])
    .where('email_key', '=', body.email)
    .executeTakeFirst();
  if (citizen?.email)
    sendResetLink(ctx, request.log, { id: citizen.id, email: citizen.email, language: citizen.language });
  return { accepted: true as const };
});
