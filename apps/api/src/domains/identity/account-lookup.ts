import type { Db } from '../../db/database.js';

/** A citizen by username or email, case-insensitively (sign-in accepts either). */
export const findByLogin = (db: Db, login: string) => {
  const key = login.trim().toLowerCase();
  return db
    .selectFrom('citizens')
    .select(['id', 'username', 'email', 'password_hash', 'email_verified_at', 'language', 'suspended_at'])
    .where(key.includes('@') ? 'email_key' : 'username_key', '=', key)
    .executeTakeFirst();
};
