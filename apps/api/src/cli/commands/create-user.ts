import type { LanguageCode } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { insertCitizen } from '../../seed/citizens.js';
import { CliError } from '../errors.js';

export interface NewUser {
  username: string;
  displayName: string;
  country: string;
  email?: string | undefined;
  language?: LanguageCode | undefined;
}

/** A citizen without a password (sign in by emailed code, or use `mint-token` in development). */
export async function createUser(ctx: AppContext, user: NewUser): Promise<{ id: string; username: string }> {
  const displayName = user.displayName.trim();
  if (displayName.length === 0 || displayName.length > 60) {
    throw new CliError('--display-name must be 1 to 60 characters.');
  }
  try {
    const id = await insertCitizen(
      ctx.db,
      {
        username: user.username,
        displayName,
        country: user.country,
        email: user.email ?? null,
        ...(user.language ? { language: user.language } : {}),
      },
      ctx.now(),
    );
    return { id, username: user.username };
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new CliError(
        `A citizen with username "${user.username}"${user.email ? ' or that email' : ''} already exists.`,
      );
    }
    throw error;
  }
}
