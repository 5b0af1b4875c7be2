import type { AppContext } from '../../context.js';
import { isForeignKeyViolation } from '../../db/errors.js';

/**
 * Accounts whose email was never confirmed go at their `pending_until` (ADR 053), with their codes (their search terms with the row), and their
 * username and email are free again. A pending account has never signed in, so nothing of its own refers to it;
 * one from before pending accounts were hidden may have been followed or mentioned, and is then left (hidden all
 * the same) rather than taking others' edges with it, and looked at again a year later instead of every sweep.
 */
const YEAR_MS = 365 * 24 * 60 * 60_000;

export async function sweepPendingAccounts(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const expired = await ctx.db
    .selectFrom('citizens')
    .select('id')
    .where('pending_until', '<', now)
    .limit(1000)
    .execute();
  let removed = 0;
  for (const { id } of expired) {
    try {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('email_codes').where('citizen_id', '=', id).execute();
        const gone = await trx
          .deleteFrom('citizens')
          .where('id', '=', id)
          .where('pending_until', '<', now)
          .executeTakeFirst();
        removed += Number(gone.numDeletedRows);
      });
    } catch (error) {
      if (!isForeignKeyViolation(error)) throw error;
      await ctx.db
        .updateTable('citizens')
        .set({ pending_until: now + YEAR_MS })
        .where('id', '=', id)
        .execute();
    }
  }
  return removed;
}
