import type { PushSubscriptionBody } from '@civitas/contract';
import type { Db } from '../../../db/database.js';
import type { DialectName } from '../../../db/dialect.js';
import { oneOf } from '../../../db/id-list.js';
import { newId } from '../../../db/ids.js';

/** Browsers one citizen may have subscribed at once: their phone, laptops and a few more; the oldest goes first. */
export const SUBSCRIPTIONS_PER_CITIZEN = 10;

/** A subscription as pushes need it. */
export interface StoredSubscription {
  id: string;
  citizenId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/**
 * Keeps a browser's subscription for a citizen; the answer is its id. Its endpoint is unique: one already stored
 * (the same browser subscribing again, or another citizen signing in on it) becomes this citizen's, with the
 * keys it has now, and counts as their newest. Past SUBSCRIPTIONS_PER_CITIZEN, their oldest go.
 */
export async function keepSubscription(
  db: Db,
  citizenId: string,
  subscription: PushSubscriptionBody,
  now: number,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const fresh = { citizen_id: citizenId, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth };
    const { id } = await trx
      .insertInto('push_subscriptions')
      .values({ id: newId(now), endpoint: subscription.endpoint, created_at: now, ...fresh })
      .onConflict((conflict) => conflict.column('endpoint').doUpdateSet({ ...fresh, created_at: now }))
      .returning('id')
      .executeTakeFirstOrThrow();
    const newest = trx
      .selectFrom('push_subscriptions')
      .select('id')
      .where('citizen_id', '=', citizenId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(SUBSCRIPTIONS_PER_CITIZEN);
    await trx
      .deleteFrom('push_subscriptions')
      .where('citizen_id', '=', citizenId)
      .where('id', 'not in', newest)
      .execute();
    return id;
  });
}

/** Forgets a citizen's subscription by its endpoint; another citizen's, or one not stored, stays as it is. */
export async function dropSubscription(db: Db, citizenId: string, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('citizen_id', '=', citizenId)
    .execute();
}

/** The subscriptions of these citizens, in one read; a suspended citizen's are not pushed to. */
export async function subscriptionsOf(
  db: Db,
  dialect: DialectName,
  citizenIds: readonly string[],
): Promise<StoredSubscription[]> {
  if (citizenIds.length === 0) return [];
  const rows = await db
    .selectFrom('push_subscriptions')
    .innerJoin('citizens', 'citizens.id', 'push_subscriptions.citizen_id')
    .select([
      'push_subscriptions.id',
      'push_subscriptions.citizen_id',
      'push_subscriptions.endpoint',
      'push_subscriptions.p256dh',
      'push_subscriptions.auth',
    ])
    .where(oneOf(dialect, 'push_subscriptions.citizen_id', citizenIds))
    .where('citizens.suspended_at', 'is', null)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    citizenId: row.citizen_id,
    endpoint: row.endpoint,
    p256dh: row.p256dh,
    auth: row.auth,
  }));
}

/** Subscriptions their push service says are gone (404, 410): the browser unsubscribed, or the service dropped it. */
export async function forgetGoneSubscriptions(db: Db, dialect: DialectName, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('push_subscriptions')
    .where(oneOf(dialect, 'id', ids))
    .execute();
}
