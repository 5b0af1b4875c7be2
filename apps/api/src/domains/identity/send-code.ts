import { RESET_LINK_TTL_MS } from '@civitas/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { CODE_TTL_MS, type CodePurpose, issueCode } from './email-codes.js';
import { mailTemplate } from './mail-templates.js';
import type { Mail } from './mailer.js';
import { issueResetToken } from './reset-links.js';

const HOUR_MS = 60 * 60_000;

/** Spends one mail of an account's hourly budget (CODE_MAILS_PER_HOUR) under `key`; true when none was left. */
export async function mailBudgetSpent(ctx: AppContext, key: string): Promise<boolean> {
  return (await ctx.limiter.hit(key, ctx.config.CODE_MAILS_PER_HOUR, HOUR_MS)) > 0;
}

/**
 * Mails `prepare`'s mail after the request has been answered (Mailer.sendLater): the answer to "send me a code"
 * takes as long for an address with an account as for one without. A failure is logged with the request's log.
 */
export function mailAfterAnswer(ctx: AppContext, log: FastifyBaseLogger, prepare: () => Promise<Mail | null>): void {
  ctx.mailer.sendLater(prepare, (error) => log.error({ err: error }, 'a mail could not be sent'));
}

type Recipient = { id: string; email: string; language: string };

/**
 * Mails what `issue` makes, after the answer, at most CODE_MAILS_PER_HOUR times an hour per account and purpose:
 * past that nothing is sent (and the earlier secret stays valid), so nobody can flood an address with mail. The
 * callers answer alike either way, as they do for an unknown address.
 */
function mailWithinBudget(
  ctx: AppContext,
  log: FastifyBaseLogger,
  citizen: Recipient,
  purpose: CodePurpose,
  issue: () => Promise<Omit<Mail, 'to'>>,
): void {
  mailAfterAnswer(ctx, log, async () => {
    if (await mailBudgetSpent(ctx, `code-mails:${purpose}:${citizen.id}`)) return null;
    return { to: citizen.email, ...(await issue()) };
  });
}

/** Emails a fresh verification code in the citizen's language. */
export function sendCode(ctx: AppContext, log: FastifyBaseLogger, citizen: Recipient): void {
  mailWithinBudget(ctx, log, citizen, 'verify_email', async () => {
    const code = await issueCode(ctx.db, ctx.keys.cursorSecret, citizen.id, 'verify_email', ctx.now());
    return mailTemplate(citizen.language, 'verifyEmail')(code, CODE_TTL_MS / 60_000);
  });
}

/**
 * Emails a fresh password-reset link in the citizen's language. The token rides in the fragment, which browsers
 * never send: it stays out of every server's log and every Referer; the page reads it and sends it in a body.
 */
export function sendResetLink(ctx: AppContext, log: FastifyBaseLogger, citizen: Recipient): void {
  mailWithinBudget(ctx, log, citizen, 'reset_password', async () => {
    const token = await issueResetToken(ctx.db, ctx.keys.cursorSecret, citizen.id, ctx.now());
    const link = new URL('/reset-password', ctx.config.PUBLIC_URL);
    link.searchParams.set('displayLanguage', citizen.language);
    link.hash = `token=${token}`;
    return mailTemplate(citizen.language, 'resetPassword')(link.href, RESET_LINK_TTL_MS / 60_000);
  });
}
