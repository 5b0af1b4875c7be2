import type { Compilable, CompiledQuery, RawBuilder } from 'kysely';
import type { Db } from './database.js';

/**
 * A hot query that Kysely builds and compiles once per shape, then runs with each call's values. Building and
 * compiling costs more than running an indexed read on SQLite (about 30% of a post detail's CPU time), and
 * the same SQL string object also makes the statement caches' lookups cheap. `build` gives a query builder or a
 * raw statement (`sql` template), which is compiled against `db`.
 *
 * `shape` names what changes the SQL text (say, the length of an id list); `parameters` lists the values in
 * the order the SQL names them. The first call of each shape checks `parameters` against what the builder
 * produced and throws on any difference, so a builder edit that reorders them fails every test that runs it.
 */
export function precompiled<Args extends unknown[], Row>(definition: {
  build: (db: Db, ...args: Args) => Compilable<Row> | RawBuilder<Row>;
  shape: (...args: Args) => string;
  parameters: (...args: Args) => unknown[];
}): (db: Db, ...args: Args) => Promise<Row[]> {
  const byDb = new WeakMap<Db, Map<string, CompiledQuery<Row>>>();
  return async (db, ...args) => {
    let compiledByShape = byDb.get(db);
    if (!compiledByShape) {
      compiledByShape = new Map();
      byDb.set(db, compiledByShape);
    }
    const shape = definition.shape(...args);
    const parameters = definition.parameters(...args);
    let compiled = compiledByShape.get(shape);
    if (!compiled) {
      const built = definition.build(db, ...args);
      compiled = 'isRawBuilder' in built ? built.compile(db) : built.compile();
      assertSameParameters(compiled.parameters, parameters, compiled.sql);
      compiledByShape.set(shape, compiled);
    }
    const { rows } = await db.executeQuery<Row>({ ...compiled, parameters });
    return rows;
  };
}

function assertSameParameters(built: readonly unknown[], listed: readonly unknown[], sql: string): void {
  const same =
    built.length === listed.length && built.every((value, i) => JSON.stringify(value) === JSON.stringify(listed[i]));
  if (!same) {
    throw new Error(
      `precompiled query: parameters() ${JSON.stringify(listed)} differ from the builder's ${JSON.stringify(built)} for ${sql}`,
    );
  }
}
