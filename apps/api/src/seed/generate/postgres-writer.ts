import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.js';
import type { BulkWriter, Cell, ColumnKind, Sink, TableSpec } from './bulk-writer.js';
import { createBuffers } from './bulk-writer.js';

const ROWS_PER_FLUSH = 10_000;
const pgTypes: Record<ColumnKind, string> = { id: 'uuid', text: 'text', int: 'integer', time: 'bigint' };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
const numbered = (statement: string) => {
  let n = 0;
  return statement.replace(/\?/g, () => `$${++n}`);
};

/**
 * Bulk loading on PostgreSQL: each batch is one INSERT … SELECT FROM unnest(array, array, …), a single
 * statement with one parameter per column however many rows it carries. Secondary indexes and foreign keys of
 * the loaded tables are dropped inside the transaction and restored (and validated) before it commits.
 */
export function createPostgresWriter(db: Db): BulkWriter {
  return {
    dialect: 'postgres',
    async load(tables, work, hooks) {
      await db.transaction().execute(async (trx) => {
        const exec = async <T>(statement: string, params: unknown[]) =>
          (await trx.executeQuery<T>(CompiledQuery.raw(numbered(statement), params))).rows;
        const writeRows = async (table: TableSpec, flat: Cell[], rowCount: number) => {
          const width = table.columns.length;
          const columns = table.columns.map((_, c) => {
            const values = new Array<Cell>(rowCount);
            for (let r = 0; r < rowCount; r++) values[r] = flat[r * width + c] as Cell;
            return values;
          });
          const names = table.columns.map(([name]) => quote(name)).join(',');
          const arrays = table.columns.map(([, kind]) => `?::${pgTypes[kind]}[]`).join(',');
          await exec(`insert into ${quote(table.name)} (${names}) select * from unnest(${arrays})`, columns);
        };
        const indexes = await exec<{ name: string; sql: string }>(
          `select i.indexname as name, i.indexdef as sql from pg_indexes i
           where i.schemaname = current_schema() and i.tablename = any(?::text[])
             and not exists (select 1 from pg_constraint c
                             where c.conname = i.indexname and c.connamespace = current_schema()::regnamespace)`,
          [tables],
        );
        // Foreign keys are checked row by row by triggers; re-adding them afterwards validates each in one pass.
        const foreignKeys = await exec<{ name: string; table: string; definition: string }>(
          `select c.conname as name, t.relname as table, pg_get_constraintdef(c.oid) as definition
           from pg_constraint c join pg_class t on t.oid = c.conrelid
           where c.contype = 'f' and t.relnamespace = current_schema()::regnamespace and t.relname = any(?::text[])`,
          [tables],
        );
        for (const key of foreignKeys)
          await exec(`alter table ${quote(key.table)} drop constraint ${quote(key.name)}`, []);
        for (const index of indexes) await exec(`drop index ${quote(index.name)}`, []);
        hooks?.onIndexes?.('dropped', indexes.length);
        const buffers = createBuffers(ROWS_PER_FLUSH, writeRows);
        const sink: Sink = {
          push: buffers.push,
          flush: buffers.flush,
          run: async (statement, params) => {
            await exec(statement, params);
          },
          query: (statement, params) => exec(statement, params),
        };
        await work(sink);
        await sink.flush();
        hooks?.onIndexes?.('rebuilding', indexes.length);
        for (const index of indexes) await exec(index.sql, []);
        for (const key of foreignKeys) {
          await exec(`alter table ${quote(key.table)} add constraint ${quote(key.name)} ${key.definition}`, []);
        }
        hooks?.onIndexes?.('rebuilt', indexes.length);
      });
      // Vacuum as well as analyze: it sets the visibility map, so index-only scans (the stage, likes) need not
      // visit the table for each row, as they would until autovacuum got round to millions of fresh rows.
      for (const table of tables) await db.executeQuery(CompiledQuery.raw(`vacuum (analyze) ${quote(table)}`, []));
    },
    async close() {},
  };
}
