import type { Db } from '../../db/database.js';

/**
 * Puts a post on the main stage of the given countries. Re-staging keeps the original `staged_at`, so a
 * post never jumps back to the top and pages of an open snapshot stay stable.
 */
export async function stagePost(
  db: Db,
  postId: string,
  countries: readonly string[],
  source: 'curated' | 'auto',
  now: number,
): Promise<void> {
  if (countries.length === 0) return;
  await db
    .insertInto('stage_entries')
    .values(countries.map((country) => ({ country: country.toUpperCase(), post_id: postId, staged_at: now, source })))
    .onConflict((conflict) => conflict.columns(['country', 'post_id']).doNothing())
    .execute();
}

export async function unstagePost(db: Db, postId: string, countries?: readonly string[]): Promise<void> {
  let query = db.deleteFrom('stage_entries').where('post_id', '=', postId);
  if (countries)
    query = query.where(
      'country',
      'in',
      countries.map((country) => country.toUpperCase()),
    );
  await query.execute();
}
