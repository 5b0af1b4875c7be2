import { getReportQueue, type ReportGroupView, type ReportReason } from '@civitas/contract';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { oneOf } from '../../db/id-list.js';
import { encodeCursor } from '../../db/keyset.js';
import type { ReportSubjectKind } from '../../db/tables/moderation.js';
import { defineRoute } from '../../http/route.js';
import { startAfter } from '../feeds/keyset-page.js';
import { isoTime } from '../posts/present.js';
import { subjectPreviews } from './previews.js';

/** The queue's position: the phase (open subjects, then decided ones) and the last group's report id in it. */
const QueueKey = z.tuple([z.enum(['open', 'decided']), z.string().max(36)]);
type Phase = 'open' | 'decided';

interface Group {
  phase: Phase;
  kind: ReportSubjectKind;
  id: string;
  /** The group's oldest open report (open phase), or its newest decided one (decided phase). */
  edge: string;
  count: number;
}

const REPORTS_PER_GROUP = 10;

/**
 * The moderators' queue (ADR 070): subjects with open reports first, oldest report first, each with its number of
 * reports; then subjects whose reports are decided, latest first. Grouped in the database over the reports'
 * state index, paged by the group's edge report id (one more group than the page is read, so the last page
 * carries no token); the page's reports and what each subject is are read in one query each.
 */
export default defineRoute(getReportQueue, async ({ query, ctx }) => {
  const feed = 'report-queue';
  const secret = ctx.keys.cursorSecret;
  const after = startAfter(secret, feed, query.continuationToken, QueueKey);
  const wanted = query.size + 1;
  const groups: Group[] = [];
  if (!after || after.key[0] === 'open') groups.push(...(await groupsIn(ctx, 'open', after?.key[1], wanted)));
  if (groups.length < wanted) {
    const from = after?.key[0] === 'decided' ? after.key[1] : undefined;
    groups.push(...(await groupsIn(ctx, 'decided', from, wanted - groups.length)));
  }
  const page = groups.slice(0, query.size);
  const [reports, previews] = await Promise.all([reportsOf(ctx, page), subjectPreviews(ctx, page)]);
  const last = page.at(-1);
  const data: ReportGroupView[] = page.map((group) => ({
    subject: { kind: group.kind, id: group.id },
    state: group.phase,
    reportsCount: group.count,
    reports: (reports.get(`${group.phase}:${group.kind}:${group.id}`) ?? []).slice(0, REPORTS_PER_GROUP),
    preview: previews.get(`${group.kind}:${group.id}`) ?? {
      username: null,
      displayName: null,
      caption: null,
      pictureUri: null,
      actedOn: false,
      postId: null,
      gone: true,
    },
  }));
  return {
    data,
    continuationToken:
      groups.length > query.size && last ? encodeCursor(secret, { feed, key: [last.phase, last.edge] }) : null,
  };
});

async function groupsIn(ctx: Pick<AppContext, 'db'>, phase: Phase, after: string | undefined, limit: number) {
  const open = phase === 'open';
  // Ids are compared as text: the same order as the UUIDs' on both databases (lower-case, time-ordered).
  const edge = open ? sqlMin() : sqlMax();
  let groups = ctx.db
    .selectFrom('reports')
    .select((eb) => ['subject_kind', 'subject_id', edge.as('edge'), eb.fn.countAll<number | string>().as('n')])
    .where('state', open ? '=' : '<>', 'open')
    .groupBy(['subject_kind', 'subject_id'])
    .orderBy('edge', open ? 'asc' : 'desc')
    .limit(limit);
  if (after !== undefined) groups = groups.having(edge, open ? '>' : '<', after);
  const rows = await groups.execute();
  return rows.map(
    (row): Group => ({ phase, kind: row.subject_kind, id: row.subject_id, edge: row.edge, count: Number(row.n) }),
  );
}

const sqlMin = () => sql<string>`min(cast(reports.id as text))`;
const sqlMax = () => sql<string>`max(cast(reports.id as text))`;

/** The page's groups' reports, newest first, by group. */
async function reportsOf(ctx: Pick<AppContext, 'db' | 'dialect'>, groups: readonly Group[]) {
  const byGroup = new Map<string, ReportGroupView['reports']>();
  if (groups.length === 0) return byGroup;
  const rows = await ctx.db
    .selectFrom('reports')
    .select(['id', 'subject_kind', 'subject_id', 'reason', 'note', 'state', 'created_at'])
    .where(oneOf(ctx.dialect, 'subject_id', [...new Set(groups.map((group) => group.id))]))
    .orderBy('id', 'desc')
    .execute();
  for (const row of rows) {
    const key = `${row.state === 'open' ? 'open' : 'decided'}:${row.subject_kind}:${row.subject_id}`;
    let list = byGroup.get(key);
    if (!list) {
      list = [];
      byGroup.set(key, list);
    }
    list.push({
      id: row.id,
      reason: row.reason as ReportReason,
      note: row.note,
      createdAt: isoTime(row.created_at),
      state: row.state,
    });
  }
  return byGroup;
}
