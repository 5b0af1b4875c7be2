import { signUp } from '@civitas/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { conflict } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { insertCitizen } from '../../seed/citizens.js';
import { mailTemplate } from './mail-templates.js';
import { hashPassword } from './passwords.js';
import { mailAfterAnswer, mailBudgetSpent, sendCode } from './send-code.js';

const usernameTaken = () => conflict('USERNAME_TAKEN', 'That username is taken; choose another');

/**
 * Usernames are public, so a taken one is said plainly. Emails are not: signing up with a known email makes the
 * same pending account (ADR 053) without the email, and the owner is told by email instead. Every later call
 * about it answers as for an account whose code was lost: its username is taken, signing in with its password
 * asks for the code, its codes are counted, and it is removed when its time runs out.
 */
export default defineRoute(signUp, async ({ body, ctx, request }) => {
  const now = ctx.now();
  const usernameKey = body.username.toLowerCase();
  const taken = await ctx.db
    .selectFrom('citizens')
    .select('id')
    .where('username_key', '=', usernameKey)
    .executeTakeFirst();
  if (taken) throw usernameTaken();
  const existing = await ctx.db
    .selectFrom('citizens')
    .select(['id', 'language'])
    .where('email_key', '=', body.email)
    .executeTakeFirst();
  const passwordHash = await hashPassword(body.password);
  let id: string;
  try {
    id = await insertCitizen(
      ctx.db,
      {
        username: body.username,
        displayName: body.displayName,
        country: body.country,
        language: body.language,
        email: existing ? null : body.email,
        passwordHash,
        emailVerified: false,
        pendingUntil: now + ctx.config.PENDING_ACCOUNT_HOURS * 60 * 60_000,
      },
      now,
    );
  } catch (error) {
    // The username, or (in a race with another sign-up) the email: the second is answered as the first would be.
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  if (existing) {
    // Capped like the codes (send-code.ts), so signing up again and again cannot flood the address.
    mailAfterAnswer(ctx, request.log, async () => {
      if (await mailBudgetSpent(ctx, `notice-mails:${existing.id}`)) return null;
      return { to: body.email, ...mailTemplate(existing.language, 'signUpNotice')() };
    });
  } else {
    sendCode(ctx, request.log, { id, email: body.email, language: body.language });
  }
  return { influencerId: id };
});
