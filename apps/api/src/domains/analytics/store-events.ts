import type { Db } from '../../db/database.js';
import type { AnalyticsEventRow } from './event-rows.js';

// Six values a row: well under SQLite's and PostgreSQL's limits on bound values per statement.
const ROWS_PER_STATEMENT = 500;

/**
 * Keeps events (for ANALYTICS_RETENTION_DAYS: sweep-old-events.ts). An event id already stored is skipped, not
 * an error: a browser that lost an acknowledgement sends the event again, and it must count once.
 */
export async function storeEvents(db: Db, rows: readonly AnalyticsEventRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    await db
      .insertInto('analytics_events')
      .values(rows.slice(start, start + ROWS_PER_STATEMENT))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }
}
