import type { Kysely } from 'kysely';
import { columnTypes } from '../dialect.js';

/**
 * Blocks and mutes (ADR 069): one row per (who, whom). The primary keys answer "did I block them" and, probed the
 * other way round, "did they block me", one key probe each; the (whom, who) index serves the rules that ask about
 * either direction from the other side, and (who, created_at) pages my lists newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id, time } = columnTypes(db);
  await db.schema
    .createTable('blocks')
    .addColumn('blocker_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('blocked_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
    .execute();
  await db.schema.createIndex('blocks_blocked').on('blocks').columns(['blocked_id', 'blocker_id']).execute();
  await db.schema
    .createIndex('blocks_blocker_created')
    .on('blocks')
    .columns(['blocker_id', 'created_at', 'blocked_id'])
    .execute();

  await db.schema
    .createTable('mutes')
    .addColumn('muter_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('muted_id', id, (c) => c.notNull().references('citizens.id'))
    .addColumn('created_at', time, (c) => c.notNull())
    .addPrimaryKeyConstraint('mutes_pk', ['muter_id', 'muted_id'])
    .execute();
  await db.schema
    .createIndex('mutes_muter_created')
    .on('mutes')
    .columns(['muter_id', 'created_at', 'muted_id'])
    .execute();
}
