import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { CliError } from '../errors.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Events received per day (UTC) and name over the last `days` days, newest day first. */
export async function analyticsReport(ctx: AppContext, days: number): Promise<string> {
  const since = Math.floor(ctx.now() / DAY_MS - days + 1) * DAY_MS;
  const rows = await ctx.db
    .selectFrom('analytics_events')
    .select([
      sql<number>`created_at / ${sql.lit(DAY_MS)}`.as('day'),
      'event_name',
      (eb) => eb.fn.countAll<number>().as('events'),
    ])
    .where('created_at', '>=', since)
    .groupBy([sql`created_at / ${sql.lit(DAY_MS)}`, 'event_name'])
    .orderBy('day', 'desc')
    .orderBy('event_name')
    .execute();
  if (rows.length === 0) return `No analytics events in the last ${days} days.`;
  const lines = rows.map(
    (row) =>
      `${new Date(Number(row.day) * DAY_MS).toISOString().slice(0, 10)}  ${row.event_name.padEnd(28)} ${Number(row.events)}`,
  );
  return [`day         ${'event'.padEnd(28)} count`, ...lines].join('\n');
}

/** A citizen's right to erasure: every analytics event sent from their signed-in sessions is deleted. */
export async function eraseAnalytics(ctx: AppContext, username: string): Promise<string> {
  const citizen = await ctx.db.selectFrom('citizens').select('id').where('username', '=', username).executeTakeFirst();
  if (!citizen) throw new CliError(`No citizen ${username}.`);
  const result = await ctx.db.deleteFrom('analytics_events').where('citizen_id', '=', citizen.id).executeTakeFirst();
  return `Deleted ${Number(result.numDeletedRows)} analytics events of ${username}.`;
}
