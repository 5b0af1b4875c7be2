import type { NotificationPreferences } from '@civitas/contract';
import type { Db } from '../../db/database.js';
import { columnOf, notificationSwitches } from './kinds.js';

/** A citizen's kinds, each on unless turned off (no row: all on). */
export async function preferencesOf(db: Db, citizenId: string): Promise<NotificationPreferences> {
  const row = await db
    .selectFrom('notification_settings')
    .selectAll()
    .where('citizen_id', '=', citizenId)
    .executeTakeFirst();
  return Object.fromEntries(
    notificationSwitches.map((choice) => [choice, row ? row[columnOf(choice)] === 1 : true]),
  ) as NotificationPreferences;
}

/** Turns the kinds named on or off, leaving the others and the read mark as they are. */
export async function changePreferences(
  db: Db,
  citizenId: string,
  change: Partial<NotificationPreferences>,
): Promise<NotificationPreferences> {
  const columns: { [column in ReturnType<typeof columnOf>]?: number } = {};
  for (const choice of notificationSwitches) {
    const on = change[choice];
    if (on !== undefined) columns[columnOf(choice)] = on ? 1 : 0;
  }
  if (Object.keys(columns).length > 0) {
    await db
      .insertInto('notification_settings')
      .values({ citizen_id: citizenId, ...columns })
      .onConflict((conflict) => conflict.column('citizen_id').doUpdateSet(columns))
      .execute();
  }
  return preferencesOf(db, citizenId);
}
