import type { AppContext } from '../../context.js';

const DAY_MS = 24 * 60 * 60_000;

/** Rows deleted per statement: a sweep never holds the table (SQLite's one writer) for long. */
const ROWS_PER_DELETE = 5_000;

/**
 * Deletes analytics events older than ANALYTICS_RETENTION_DAYS (ADR 051), oldest first, a batch per statement
 * on the (created_at, event_name) index, until none is left. Answers how many went.
 */
export async function sweepOldEvents(ctx: AppContext): Promise<number> {
  const before = ctx.now() - ctx.config.ANALYTICS_RETENTION_DAYS * DAY_MS;
  let removed = 0;
  for (;;) {
    const result = await ctx.db
      .deleteFrom('analytics_events')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('analytics_events')
          .select('id')
          .where('created_at', '<', before)
          .orderBy('created_at')
          .limit(ROWS_PER_DELETE),
      )
      .executeTakeFirst();
    const deleted = Number(result.numDeletedRows);
    removed += deleted;
    if (deleted < ROWS_PER_DELETE) return removed;
  }
}
