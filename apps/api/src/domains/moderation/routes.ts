import type { Route } from '../../http/route.js';
import createReport from './create-report.js';
import decideReport from './decide-report.js';
import getModerationLog from './get-moderation-log.js';
import getMyReports from './get-my-reports.js';
import getReportQueue from './get-report-queue.js';

/** The moderation domain's routes (ADR 070); registered by src/routes.ts. */
export const moderationRoutes = [createReport, getMyReports, getReportQueue, decideReport, getModerationLog] as Route[];
