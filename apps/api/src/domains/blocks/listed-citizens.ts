import type { BlockedOrMutedView } from '@civitas/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import { encodeCursor } from '../../db/keyset.js';
import { afterInTimeDescOrder, startAfter, TimeAndPostIdKey } from '../feeds/keyset-page.js';
import { personColumns, personView } from '../people/person.js';
import { loadRelations } from '../people/relations.js';

/**
 * My blocked or muted citizens, most recent first: one keyset query on (me, created_at, them) and one for how I
 * stand to them. One row more than the page is read, so the last page carries no token.
 */
export async function listedCitizensPage(
  ctx: Pick<AppContext, 'db' | 'keys'>,
  list: 'blocked' | 'muted',
  me: string,
  query: { size: number; continuationToken?: string | undefined },
): Promise<{ data: z.infer<typeof BlockedOrMutedView>[]; continuationToken: string | null }> {
  const feed = `${list}:${me}`;
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, TimeAndPostIdKey);
  const found = await (list === 'blocked' ? blockedRows : mutedRows)(ctx, me, query.size + 1, after?.key);
  const page = found.slice(0, query.size);
  const relations = await loadRelations(
    ctx.db,
    me,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    data: page.map((row) => ({
      citizen: personView(row, relations),
      since: new Date(row.since).toISOString(),
      sinceTimestampInMilliseconds: row.since,
    })),
    continuationToken:
      found.length > query.size && last ? encodeCursor(secret, { feed, key: [last.since, last.id] }) : null,
  };
}

type After = [number, string] | undefined;

function blockedRows(ctx: Pick<AppContext, 'db'>, me: string, limit: number, after: After) {
  let rows = ctx.db
    .selectFrom('blocks')
    .innerJoin('citizens', 'citizens.id', 'blocks.blocked_id')
    .select([...personColumns, 'blocks.created_at as since'])
    .where('blocks.blocker_id', '=', me)
    .orderBy('blocks.created_at', 'desc')
    .orderBy('blocks.blocked_id', 'desc')
    .limit(limit);
  if (after) rows = rows.where(afterInTimeDescOrder('blocks.created_at', 'blocks.blocked_id', after));
  return rows.execute();
}

function mutedRows(ctx: Pick<AppContext, 'db'>, me: string, limit: number, after: After) {
  let rows = ctx.db
    .selectFrom('mutes')
    .innerJoin('citizens', 'citizens.id', 'mutes.muted_id')
    .select([...personColumns, 'mutes.created_at as since'])
    .where('mutes.muter_id', '=', me)
    .orderBy('mutes.created_at', 'desc')
    .orderBy('mutes.muted_id', 'desc')
    .limit(limit);
  if (after) rows = rows.where(afterInTimeDescOrder('mutes.created_at', 'mutes.muted_id', after));
  return rows.execute();
}
