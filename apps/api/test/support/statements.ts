import type { Compilable, CompiledQuery } from 'kysely';
import { vi } from 'vitest';
import type { Db } from '../../src/db/database.js';

/**
 * The SQL of the statements run through `db` while `run` runs, for tests that check how many statements some
 * requests took. Statements of a transaction go through the transaction's own handle and are not seen.
 */
export async function statementsDuring<T>(db: Db, run: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = vi.spyOn(db, 'executeQuery');
  try {
    const result = await run();
    return { result, statements: spy.mock.calls.map(([query]) => sqlOf(query)) };
  } finally {
    spy.mockRestore();
  }
}

const sqlOf = (query: CompiledQuery<unknown> | Compilable<unknown>): string =>
  'sql' in query ? query.sql : query.compile().sql;
