import { signUp } from '@civitas/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../db/ids.js';
import { conflict } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { insertCitizen } from '../../seed/citizens.js';
import { hashPassword } from './passwords.js';
import { mailAfterAnswer, mailBudgetSpent, sendCode } from './send-code.js';

const usernameTaken = () => conflict('USERNAME_TAKEN', 'That username is taken; choose another');

/**
 * Usernames are public, so a taken one is said plainly. Emails are not: signing up with a known email looks
 * exactly like success (a decoy id), and the owner is told by email instead.
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
  // Hashed whether or not the email is known, so the answer takes as long either way; the mails go after it.
  const passwordHash = await hashPassword(body.password);
  if (existing) {
    // Capped like the codes (send-code.ts), so signing up again and again cannot flood the address.
    mailAfterAnswer(ctx, request.log, async () => {
      if (await mailBudgetSpent(ctx, `notice-mails:${existing.id}`)) return null;
      return {
        to: body.email,
        subject: 'Civitas: someone tried to sign up with your email',
        text: 'Someone tried to create a Civitas account with this email address. You already have one: sign in, or reset your password if you forgot it.',
      };
    });
    return { influencerId: newId(now) };
  }
  let id: string;
  try {
    id = await insertCitizen(
      ctx.db,
      {
        username: body.username,
        displayName: body.displayName,
        country: body.country,
        language: body.language,
        email: body.email,
        passwordHash,
        emailVerified: false,
      },
      now,
    );
  } catch (error) {
    if (isUniqueViolation(error)) throw usernameTaken();
    throw error;
  }
  sendCode(ctx, request.log, { id, email: body.email, language: body.language });
  return { influencerId: id };
});
