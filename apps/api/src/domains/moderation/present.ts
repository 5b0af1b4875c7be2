import type { ModerationLogEntryView, MyReportView, ReportReason } from '@civitas/contract';
import type { ReportsTable } from '../../db/tables/moderation.js';
import { isoTime } from '../posts/present.js';
import type { LogRow } from './decisions.js';

// Views are pure and synchronous (docs/design.md §4.3).

export const myReportView = (row: ReportsTable, names: Pick<LogNames, 'subjects'>): MyReportView => ({
  id: row.id,
  subject: { kind: row.subject_kind, id: row.subject_id },
  subjectUsername: names.subjects.get(`${row.subject_kind}:${row.subject_id}`) ?? null,
  reason: row.reason as ReportReason,
  note: row.note,
  state: row.state,
  createdAt: isoTime(row.created_at),
  decidedAt: row.decided_at === null ? null : isoTime(row.decided_at),
});

/** The usernames a page of the log names: its moderators by id, and its subjects by `kind:id` (log-names.ts). */
export interface LogNames {
  moderators: ReadonlyMap<string, string>;
  subjects: ReadonlyMap<string, string>;
}

export const logEntryView = (row: LogRow, names: LogNames): ModerationLogEntryView => ({
  id: row.id,
  moderator: row.moderator_id === null ? null : (names.moderators.get(row.moderator_id) ?? null),
  action: row.action as ModerationLogEntryView['action'],
  subject: { kind: row.subject_kind, id: row.subject_id },
  subjectUsername: names.subjects.get(`${row.subject_kind}:${row.subject_id}`) ?? null,
  reportId: row.report_id,
  note: row.note,
  decidedAt: isoTime(row.created_at),
});
