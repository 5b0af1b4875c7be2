import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { CODE_TTL_MS, type CodePurpose, issueCode } from './email-codes.js';
import { mailTemplate } from './mail-templates.js';
import type { Mail } from './mailer.js';

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

/**
 * Issues a fresh code and emails it in the citizen's language, after the answer, at most CODE_MAILS_PER_HOUR
 * times an hour per account and purpose: past that nothing is sent (and the earlier code stays valid), so nobody
 * can flood an address with mail. The callers answer alike either way, as they do for an unknown address.
 */
export function sendCode(
  ctx: AppContext,
  log: FastifyBaseLogger,
  citizen: { id: string; email: string; language: string },
  purpose: CodePurpose,
): void {
  mailAfterAnswer(ctx, log, async () => {
    if (await mailBudgetSpent(ctx, `code-mails:${purpose}:${citizen.id}`)) return null;
    const code = await issueCode(ctx.db, ctx.keys.cursorSecret, citizen.id, purpose, ctx.now());
    const template = mailTemplate(citizen.language, purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword');
    return { to: citizen.email, ...template(code, CODE_TTL_MS / 60_000) };
  });
}
