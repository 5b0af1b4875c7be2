import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const MailboxQuery = z.object({ to: z.string().max(254).optional() });

/** Outside production, the local outbox is readable (newest first) so sign-up works without a mail server. */
export function registerDevMailbox(app: FastifyInstance, ctx: AppContext): void {
  if (ctx.config.NODE_ENV === 'production' || ctx.config.APP_ENV === 'prod') return;
  app.get('/api/identity/dev/mailbox', { schema: { hide: true } }, async (request) => {
    const query = MailboxQuery.safeParse(request.query);
    return { data: ctx.mailer.outbox(query.success ? query.data.to : undefined).slice(0, 50) };
  });
}
