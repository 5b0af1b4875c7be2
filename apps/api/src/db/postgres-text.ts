import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type RawBuilder,
} from 'kysely';

/** A Kysely that only compiles, for PostgreSQL: no connection is ever made. */
const compiler = new Kysely<unknown>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

/**
 * A fragment's SQL text for PostgreSQL, for statements written as text around it (several values per statement
 * as arrays). The fragment may hold references but no values: their numbering is the statement's own.
 */
export function postgresText(fragment: RawBuilder<unknown>): string {
  const compiled = fragment.compile(compiler);
  if (compiled.parameters.length > 0) throw new Error(`postgresText: the fragment holds values: ${compiled.sql}`);
  return compiled.sql;
}
