import type { PersonView } from '@civitas/contract';
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/tables/index.js';
import { isFollowedBy, isFriendOf, listedFor } from './graph-filters.js';
import { personColumns, personView } from './person.js';
import { loadRelations } from './relations.js';

/**
 * The ranking of an offset-paged people list. Both end with most followers first, then username (unique,
 * so the order is total and offset pages neither repeat nor skip anyone).
 * - popularity: most followers first.
 * - closeness: my friends first, then people I follow, then everyone else; each tier by popularity.
 */
export type PeopleOrder = 'popularity' | 'closeness';

export interface PeopleQuery {
  viewerId: string;
  /** Which citizens belong to the list. */
  where: (eb: ExpressionBuilder<Database, 'citizens'>) => Expression<SqlBool>;
  order: PeopleOrder;
  limit: number;
  offset: number;
}

const tier = (condition: Expression<SqlBool>) => sql<number>`case when ${condition} then 0 else 1 end`;

/**
 * One page and the total (two queries), then the viewer's relations to the page (one query). Nobody suspended or
 * with a block between them and the viewer is listed, whatever the list (`listedFor`).
 */
export async function offsetPeoplePage(db: Db, query: PeopleQuery): Promise<{ data: PersonView[]; total: number }> {
  const where = (eb: ExpressionBuilder<Database, 'citizens'>) =>
    eb.and([query.where(eb), listedFor(db, query.viewerId)(eb)]);
  let page = db.selectFrom('citizens').select(personColumns).where(where);
  if (query.order === 'closeness') {
    page = page
      .orderBy((eb) => tier(eb.exists(isFriendOf(db, query.viewerId))))
      .orderBy((eb) => tier(eb.exists(isFollowedBy(db, query.viewerId))));
  }
  const [rows, count] = await Promise.all([
    page
      .orderBy('citizens.followers_count', 'desc')
      .orderBy('citizens.username_key', 'asc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    db
      .selectFrom('citizens')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where(where)
      .executeTakeFirstOrThrow(),
  ]);
  const relations = await loadRelations(
    db,
    query.viewerId,
    rows.map((row) => row.id),
  );
  return { data: rows.map((row) => personView(row, relations)), total: Number(count.total) };
}
