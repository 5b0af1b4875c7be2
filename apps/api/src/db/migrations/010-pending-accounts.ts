import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect.js';

/** What the accounts already waiting for their code get: the default of PENDING_ACCOUNT_HOURS. */
const PENDING_MS = 48 * 60 * 60_000;

/**
 * An account is pending from sign-up until its email is confirmed (ADR 053): nobody else sees it, and the sweeper
 * removes it at `pending_until`. Accounts signed up and never confirmed before this get the same time from their
 * creation; seeded accounts (no email) and confirmed ones stay null.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema.alterTable('citizens').addColumn('pending_until', time).execute();
  await sql`update citizens set pending_until = created_at + ${PENDING_MS}
    where email is not null and email_verified_at is null`.execute(db);
  await db.schema
    .createIndex('citizens_pending_until')
    .on('citizens')
    .column('pending_until')
    .where(sql.ref('pending_until'), 'is not', null)
    .execute();
}
