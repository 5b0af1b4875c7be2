import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Keys and secrets shared by every instance on this database (ADR 017), instead of one set per DATA_DIR:
 * token signing keys with their rotation state, and named server secrets (continuation tokens, the SSR client).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    // 1, 2, 3…: unique, so two instances creating the first key (or two rotations) cannot both win.
    .addColumn('generation', 'integer', (c) => c.notNull())
    .addColumn('private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('retired_at', time)
    .addUniqueConstraint('signing_keys_generation_unique', ['generation'])
    .execute();

  await db.schema
    .createTable('server_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    .execute();
}
