import { type Kysely, sql } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * When an account was last signed out everywhere (a password reset): access tokens issued before it are refused
 * from then on, not only once they expire (http/auth/sign-outs.ts). Few rows ever have it, hence the partial index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema.alterTable('citizens').addColumn('signed_out_at', time).execute();
  await db.schema
    .createIndex('citizens_signed_out_at')
    .on('citizens')
    .column('signed_out_at')
    .where(sql.ref('signed_out_at'), 'is not', null)
    .execute();
}
