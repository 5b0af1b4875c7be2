import type { AppContext } from '../../context.js';
import { CODE_TTL_MS, type CodePurpose, issueCode } from './email-codes.js';
import { mailTemplate } from './mail-templates.js';

/** Issues a fresh code and emails it in the citizen's language. */
export async function sendCode(
  ctx: AppContext,
  citizen: { id: string; email: string; language: string },
  purpose: CodePurpose,
): Promise<void> {
  const code = await issueCode(ctx.db, ctx.keys.cursorSecret, citizen.id, purpose, ctx.now());
  const template = mailTemplate(citizen.language, purpose === 'verify_email' ? 'verifyEmail' : 'resetPassword');
  await ctx.mailer.send({ to: citizen.email, ...template(code, CODE_TTL_MS / 60_000) });
}
