import { type RawBuilder, sql } from 'kysely';

/** `column + 1` / `column - 1` floored at 0: counters kept on rows never go negative (docs/product.md §4). */
export const increment = (column: string): RawBuilder<number> => sql<number>`${sql.ref(column)} + 1`;
export const decrement = (column: string): RawBuilder<number> =>
  sql<number>`case when ${sql.ref(column)} > 0 then ${sql.ref(column)} - 1 else 0 end`;
