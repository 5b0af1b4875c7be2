import { sql } from 'kysely';
import type { AppContext } from '../../context.js';

/** createContext has migrated already; this reports where the schema stands. */
export async function migrateCommand(ctx: AppContext): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(
    ctx.db,
  );
  return `Database is up to date (latest migration: ${rows[0]?.name ?? 'none'}).`;
}
