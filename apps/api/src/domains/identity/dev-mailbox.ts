import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.js';

const MailboxQuery = z.object({ to: z.string().max(254).optional() });

const LOOPBACK_HOST = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\])$/;
const LOOPBACK_ADDRESS = /^(?:127(?:\.\d{1,3}){3}|::1|::ffff:127(?:\.\d{1,3}){3})$/;

/**
 * Whether the local outbox is served. It hands every emailed code (sign-up, password reset) to anyone who asks,
 * so it must fail closed: only where mail goes to the outbox (no SMTP_URL), outside production, and at an
 * address of this machine alone, unless DEV_MAILBOX=true says the address is a private network's.
 */
export function devMailboxOpen(config: AppContext['config']): boolean {
  if (config.NODE_ENV === 'production' || config.APP_ENV === 'prod' || config.SMTP_URL) return false;
  return config.DEV_MAILBOX === 'true' || LOOPBACK_HOST.test(new URL(config.PUBLIC_URL).hostname);
}

/** Where allowed (devMailboxOpen), the outbox is readable (newest first) so sign-up works without a mail server. */
export function registerDevMailbox(app: FastifyInstance, ctx: AppContext): void {
  if (!devMailboxOpen(ctx.config)) return;
  app.get('/api/identity/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    // The server may listen on every interface (HOST 0.0.0.0) while PUBLIC_URL names this machine: a caller on
    // the network is told nothing (the web page asks from this machine, and serves only at PUBLIC_URL's host).
    if (ctx.config.DEV_MAILBOX !== 'true' && !LOOPBACK_ADDRESS.test(request.ip)) return reply.callNotFound();
    const query = MailboxQuery.safeParse(request.query);
    return { data: (await ctx.mailer.outbox(query.success ? query.data.to : undefined)).slice(0, 50) };
  });
}
