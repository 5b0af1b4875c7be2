import type { FastifyInstance, FastifyRequest } from 'fastify';
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

/**
 * Whether this caller may read an open outbox: anyone when DEV_MAILBOX=true, else a caller on this machine. The
 * server may listen on every interface (HOST 0.0.0.0) while PUBLIC_URL names this machine, and a caller on the
 * network can send PUBLIC_URL's host.
 */
const mayRead = (config: AppContext['config'], request: FastifyRequest): boolean =>
  config.DEV_MAILBOX === 'true' || LOOPBACK_ADDRESS.test(request.ip);

/** The mailbox's web page, however its path is spelt or encoded (any path naming it is refused alike). */
const MAILBOX_PAGE = /dev\/+mailbox/i;

const decoded = (path: string): string => {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
};

/**
 * The path as sent and as the page router resolves it: dot segments (`/dev/./mailbox`, `/dev/%2e/mailbox`,
 * `/dev/x/../mailbox`) are removed before a page is chosen, so the check must see the path without them too.
 */
const pathsOf = (url: string): string[] => {
  const sent = url.split('?')[0] ?? '';
  let resolved = sent;
  try {
    resolved = new URL(url, 'http://localhost').pathname;
  } catch {}
  return [decoded(sent), decoded(resolved)];
};

/**
 * Whether the web front end must answer 404 for this request: the mailbox page of an open outbox, asked for by
 * a caller who may not read it. The page reads the outbox through the API from this machine, where the API's own
 * check passes, so the caller is checked here, before the page is rendered.
 */
export const refusesMailboxPage = (config: AppContext['config'], request: FastifyRequest): boolean =>
  devMailboxOpen(config) && !mayRead(config, request) && pathsOf(request.url).some((path) => MAILBOX_PAGE.test(path));

/** Where allowed (devMailboxOpen), the outbox is readable (newest first) so sign-up works without a mail server. */
export function registerDevMailbox(app: FastifyInstance, ctx: AppContext): void {
  if (!devMailboxOpen(ctx.config)) return;
  app.get('/api/identity/dev/mailbox', { schema: { hide: true } }, async (request, reply) => {
    if (!mayRead(ctx.config, request)) return reply.callNotFound();
    const query = MailboxQuery.safeParse(request.query);
    return { data: (await ctx.mailer.outbox(query.success ? query.data.to : undefined)).slice(0, 50) };
  });
}
