/** A role the admin CLI gave a citizen (today only `moderator`), read per request by the calls it opens (ADR 070). */
export interface CitizenRolesTable {
  citizen_id: string;
  role: 'moderator';
  granted_at: number;
}

export type ReportSubjectKind = 'post' | 'citizen' | 'comment';
export type ReportState = 'open' | 'dismissed' | 'actioned';

/** A citizen's report of a post or a citizen. At most one open per reporter and subject (a unique partial index). */
export interface ReportsTable {
  id: string;
  reporter_id: string;
  subject_kind: ReportSubjectKind;
  subject_id: string;
  reason: string;
  note: string;
  state: ReportState;
  created_at: number;
  decided_at: number | null;
  /** The decision's action that closed the report (dismiss, hide-post, suspend, …). */
  decision: string | null;
}

/** Every moderation decision: who (null: the admin CLI), when, what, why, on what. Ids are UUID v7. */
export interface ModerationLogTable {
  id: string;
  moderator_id: string | null;
  action: string;
  subject_kind: ReportSubjectKind;
  subject_id: string;
  report_id: string | null;
  note: string;
  created_at: number;
}
