import { createReport } from '@civitas/contract';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../../db/ids.js';
import type { ReportsTable } from '../../db/tables/moderation.js';
import { badRequest, citizenNotFound, conflict } from '../../http/errors.js';
import { withLiveCaller } from '../../http/live-caller.js';
import { defineRoute } from '../../http/route.js';
import { shownComment } from '../comments/comment-store.js';
import { loadVisiblePost } from '../posts/load.js';
import { logNames } from './log-names.js';
import { myReportView } from './present.js';

/**
 * A citizen reports a post, a comment (ADR 084) or a citizen (ADR 070). Only what the reporter can see can be reported: a post through
 * the same rules as every read (posts/visibility.ts), a citizen while their profile shows; anything else is the
 * 404 that reading it would be. One open report per reporter and subject, held by a unique index: a second is a
 * 409 (the first is listed among the reporter's reports, with its state).
 */
export default defineRoute(createReport, async ({ body, caller, ctx }) => {
  const me = caller.citizenId;
  const { subject } = body;
  if (subject.kind === 'post') {
    const { post } = await loadVisiblePost(ctx, subject.id, me);
    if (post.author_id === me) throw badRequest('CANNOT_REPORT_YOURSELF', 'You cannot report your own post');
  } else if (subject.kind === 'comment') {
    // Through the comment's rules and its post's, as reading it would be (ADR 084).
    const comment = await shownComment(ctx.db, subject.id, me);
    await loadVisiblePost(ctx, comment.post_id, me);
    if (comment.author_id === me) throw badRequest('CANNOT_REPORT_YOURSELF', 'You cannot report your own comment');
  } else {
    if (subject.id === me) throw badRequest('CANNOT_REPORT_YOURSELF', 'You cannot report yourself');
    const citizen = await ctx.db
      .selectFrom('citizens')
      .select('id')
      .where('id', '=', subject.id)
      .where('pending_until', 'is', null)
      .where('suspended_at', 'is', null)
      .executeTakeFirst();
    if (!citizen) throw citizenNotFound();
  }
  const now = ctx.now();
  const row: ReportsTable = {
    id: newId(now),
    reporter_id: me,
    subject_kind: subject.kind,
    subject_id: subject.id,
    reason: body.reason,
    note: body.note,
    state: 'open',
    created_at: now,
    decided_at: null,
    decision: null,
  };
  try {
    // A token that outlived its account names no reporter: a 401, as every write in its name (live-caller.ts).
    await withLiveCaller(() => ctx.db.insertInto('reports').values(row).execute());
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    throw conflict(
      'REPORT_ALREADY_OPEN',
      `You have already reported this ${subject.kind}; your report is waiting for a moderator`,
    );
  }
  return myReportView(row, await logNames(ctx, [row]));
});
