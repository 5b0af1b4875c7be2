import { sql } from 'kysely';
import type { AppContext } from '../../src/context.js';

/** The names of the indexes in the context's database (its schema, on PostgreSQL). */
export const indexNames = async (ctx: Pick<AppContext, 'db' | 'dialect'>): Promise<string[]> =>
  ctx.dialect === 'postgres'
    ? (
        await sql<{
          name: string;
        }>`select indexname as name from pg_indexes where schemaname = current_schema()`.execute(ctx.db)
      ).rows.map((row) => row.name)
    : (await sql<{ name: string }>`select name from sqlite_master where type = 'index'`.execute(ctx.db)).rows.map(
        (row) => row.name,
      );
