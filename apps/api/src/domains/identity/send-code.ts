import type { AppContext } from '../../context.js';
import { CODE_TTL_MS, type CodePurpose, issueCode } from './email-codes.js';
import { mailTemplate } from './mail-templates.js';

const HOUR_MS = 60 * 60_000;

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
  const overBudget = await ctx.limiter.hit(
    `code-mails:${purpose}:${citizen.id}`,
    ctx.config.CODE_MAILS_PER_HOUR,
    HOUR_MS,
  );
  if (overBudget > 0) return;
  const code = await issueCode(ctx.db, ctx.keys.cursorSecret, citizen.id, purpose, ctx.now());
  const template = mailTemplate(citizen.language, purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword');
  await ctx.mailer.send({ to: citizen.email, ...template(code, CODE_TTL_MS / 60_000) });
}
