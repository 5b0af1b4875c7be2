import { z } from 'zod';
import { ContinuationQuery, continuationPage, Id, IdParams, IsoDateTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { userText } from '../text.js';
import { ReportReason } from '../views.js';

/** What a report is about: a post, a citizen or a comment (ADR 084), by id. */
export const ReportSubject = z
  .object({ kind: z.enum(['post', 'citizen', 'comment']), id: Id })
  .meta({ id: 'ReportSubject' });

/** A report's or a decision's note: a few lines, optional. */
export const MODERATION_NOTE_MAX_LENGTH = 1000;
const note = (field: string) =>
  userText({ field, max: MODERATION_NOTE_MAX_LENGTH, multiline: true, trim: true }).default('');

export const ReportState = z.enum(['open', 'dismissed', 'actioned']);

/** A report as its reporter sees it: what, why, and where it stands. */
export const MyReportView = z
  .object({
    id: Id,
    subject: ReportSubject,
    /** The citizen reported, or the reported post's or comment's author (who the reporter knew it was); null once gone. */
    subjectUsername: z.string().nullable(),
    reason: ReportReason,
    note: z.string(),
    state: ReportState,
    createdAt: IsoDateTime,
    decidedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'MyReport' });

export const ModerationAction = z.enum([
  'dismiss',
  'hide-post',
  'restore-post',
  'hide-comment',
  'restore-comment',
  'suspend',
  'unsuspend',
]);

/** What a moderator is shown of a report's subject, read whatever the rules would show anyone else. */
export const ReportSubjectPreview = z
  .object({
    /** The post's or the comment's author, or the citizen reported. */
    username: z.string().nullable(),
    displayName: z.string().nullable(),
    /** A post's caption, a comment's text; null for a citizen. */
    caption: z.string().nullable(),
    /** A post's picture (or a video's cover), the picture of a comment's post; a citizen's profile picture. */
    pictureUri: z.string().nullable(),
    /** The post or the comment is hidden by a moderator, or the citizen is suspended. */
    actedOn: z.boolean(),
    /** The post a comment is under, for its context; null for a post or a citizen (ADR 084). */
    postId: Id.nullable(),
    /** The post or the comment was deleted, or the subject no longer exists. */
    gone: z.boolean(),
  })
  .meta({ id: 'ReportSubjectPreview' });

/** One subject in the moderators' queue, with its reports of one state (open, or decided). */
export const ReportGroupView = z
  .object({
    subject: ReportSubject,
    state: z.enum(['open', 'decided']),
    reportsCount: z.number().int().min(1),
    /** The reports of this subject in this state, newest first (up to ten): their ids take a decision. */
    reports: z.array(
      z.object({ id: Id, reason: ReportReason, note: z.string(), createdAt: IsoDateTime, state: ReportState }),
    ),
    preview: ReportSubjectPreview,
  })
  .meta({ id: 'ReportGroup' });

/** One decision in the moderation log: who, when, what, why, on what. */
export const ModerationLogEntryView = z
  .object({
    id: Id,
    /** The moderator's username; null for a decision taken at the admin CLI. */
    moderator: z.string().nullable(),
    action: ModerationAction,
    subject: ReportSubject,
    /** Who the decision was about: the citizen, or the post's or comment's author (ADR 073); null once gone. */
    subjectUsername: z.string().nullable(),
    reportId: Id.nullable(),
    note: z.string(),
    decidedAt: IsoDateTime,
  })
  .meta({ id: 'ModerationLogEntry' });

export const createReport = defineEndpoint({
  service: 'moderation',
  method: 'POST',
  path: '/v1/reports',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Report a post, a comment or a citizen to the moderators; one open report per reporter and subject (a second is a 409)',
  body: z.object({
    subject: ReportSubject,
    reason: ReportReason,
    note: note('note'),
  }),
  success: { status: 201, body: MyReportView },
});

export const getMyReports = defineEndpoint({
  service: 'moderation',
  method: 'GET',
  path: '/v1/reports/mine',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'My reports and where each stands, newest first',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(MyReportView).meta({ id: 'MyReportsPage' }) },
});

export const getReportQueue = defineEndpoint({
  service: 'moderation',
  method: 'GET',
  path: '/v1/reports',
  access: 'citizen',
  role: 'moderator',
  versions: ['1.0'],
  summary:
    'Moderators: reported subjects, each with its number of reports; open ones first (oldest first), then decided ones (latest first)',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(ReportGroupView).meta({ id: 'ReportQueuePage' }) },
});

export const decideReport = defineEndpoint({
  service: 'moderation',
  method: 'POST',
  path: '/v1/reports/:id/decision',
  access: 'citizen',
  role: 'moderator',
  versions: ['1.0'],
  summary:
    "Moderators: act on a report's subject (dismiss, hide or restore a post, suspend or unsuspend a citizen); closes its open reports and is logged",
  params: IdParams,
  body: z.object({ action: ModerationAction, note: note('note') }),
  success: { status: 200, body: ModerationLogEntryView },
});

export const getModerationLog = defineEndpoint({
  service: 'moderation',
  method: 'GET',
  path: '/v1/log',
  access: 'citizen',
  role: 'moderator',
  versions: ['1.0'],
  summary: 'Moderators: every decision, newest first',
  querystring: ContinuationQuery,
  success: { status: 200, body: continuationPage(ModerationLogEntryView).meta({ id: 'ModerationLogPage' }) },
});

export const moderationEndpoints = [
  createReport,
  getMyReports,
  getReportQueue,
  decideReport,
  getModerationLog,
] as const;

export type MyReportView = z.infer<typeof MyReportView>;
export type ReportGroupView = z.infer<typeof ReportGroupView>;
export type ModerationLogEntryView = z.infer<typeof ModerationLogEntryView>;
export type ModerationAction = z.infer<typeof ModerationAction>;
