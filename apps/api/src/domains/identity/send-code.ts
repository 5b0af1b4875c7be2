import type { AppContext } from '../../context.js';
import { CODE_TTL_MS, type CodePurpose, issueCode } from './email-codes.js';
import { mailTemplate } from './mail-templates.js';

const HOUR_MS = 60 * 60_000;

/** Spends one mail of an account's hourly budget (CODE_MAILS_PER_HOUR) under `key`; true when none was left. */
export async function mailBudgetSpent(ctx: AppContext, key: string): Promise<boolean> {
  return (await ctx.limiter.hit(key, ctx.config.CODE_MAILS_PER_HOUR, HOUR_MS)) > 0;
}

/**
 * Issues a fresh code and emails it in the citizen's language, at most CODE_MAILS_PER_HOUR times an hour per
 * account and purpose: past that nothing is sent (and the earlier code stays valid), so nobody can flood an
 * address with mail. The callers answer alike either way, as they do for an unknown address.
 */
export async function sendCode(
  ctx: AppContext,
  citizen: { id: string; email: string; language: string },
  purpose: CodePurpose,
): Promise<void> {
  if (await mailBudgetSpent(ctx, `code-mails:${purpose}:${citizen.id}`)) return;
  const code = await issueCode(ctx.db, ctx.keys.cursorSecret, citizen.id, purpose, ctx.now());
  const template = mailTemplate(citizen.language, purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword');
  await ctx.mailer.send({ to: citizen.email, ...template(code, CODE_TTL_MS / 60_000) });
}
