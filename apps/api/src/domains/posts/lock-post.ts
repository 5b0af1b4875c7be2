import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';

/**
 * Locks the post's row on PostgreSQL for the rest of the transaction, so writes that read what others wrote for the
 * same post come one after the other: every write of a post's comments (a delete and a reply to the comment it
 * removes, ADR 084), and the completes of an album's uploads, each counting the others' (ADR 086). SQLite writes
 * one transaction at a time.
 */
export async function lockPost(trx: Db, postId: string): Promise<void> {
  if (dialectOf(trx as never) !== 'postgres') return;
  await trx.selectFrom('posts').select('id').where('id', '=', postId).forUpdate().execute();
}
