import type { ModerationAction, ReportReason } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { ModerationLogTable, ReportSubjectKind } from '../../db/tables/moderation.js';
import { AppError, badRequest, citizenNotFound, conflict, postNotFound } from '../../http/errors.js';
import { commentNotFound } from '../comments/comment-store.js';
import { lockTagsOf, recountTagsOf } from '../hashtags/recount-hashtags.js';
import { revokeAllFor } from '../identity/oauth/refresh-tokens.js';
import { commentAuthorOf, hideComment } from './comment-decisions.js';
import { lockWithNeighbours, moveNeighbourCounts, NeighboursMoved } from './suspension-counts.js';

/** What a decision acts on: a report (and its subject), or a subject named directly at the admin CLI. */
export type DecisionTarget =
  | { reportId: string }
  | { subject: { kind: ReportSubjectKind; id: string }; reason: ReportReason };

export interface DecisionRequest {
  action: ModerationAction;
  note: string;
  target: DecisionTarget;
  /** The moderator deciding; null at the admin CLI. */
  moderatorId: string | null;
}

export type LogRow = ModerationLogTable;

const reportNotFound = () => new AppError(404, 'REPORT_NOT_FOUND', 'No such report');

/**
 * What the action acts on: hide and restore a post or a comment; suspend and unsuspend a citizen (a post's or a
 * comment's author).
 */
const actsOn = (action: ModerationAction): ReportSubjectKind | null => {
  if (action === 'hide-post' || action === 'restore-post') return 'post';
  if (action === 'hide-comment' || action === 'restore-comment') return 'comment';
  return action === 'dismiss' ? null : 'citizen';
};

/**
 * Takes a moderator's decision (ADR 070), in one transaction (ADR 015): the change to the post or the citizen,
 * the hashtag counts that follow it, a suspension's sign-out everywhere and the people counts it moves (ADR 076), the subject's open reports closed, and
 * the log's line. The caches of every instance hear of it once it is written: a hidden post or a suspended
 * author is dropped by the rules on the next read anywhere (posts/visibility.ts), and the stage's cached pages
 * and the signed-out tokens are announced (ADR 024).
 */
export async function decide(ctx: Pick<AppContext, 'db' | 'now' | 'caches' | 'cacheBus'>, request: DecisionRequest) {
  const entry = await withNeighboursSettled(() => decideOnce(ctx, request));
  if (entry.subject_kind === 'post') ctx.caches.posts.forget(entry.subject_id);
  if (entry.action === 'suspend' || entry.action === 'unsuspend') await ctx.cacheBus.announce('sign-outs-changed');
  if (entry.action !== 'dismiss') await ctx.cacheBus.announce('stage-changed');
  return entry;
}

/**
 * Someone followed or befriended the citizen while their suspension was being written: take it again, with them.
 * Each retry is owed to a newcomer whose follow had committed, and the next attempt locks them too, so only a
 * stream of new followers arriving faster than a few statements can outrun it (a handful racing at once, as when
 * a popular post draws follows, settles within their number). Should it keep happening, the moderator is asked
 * to try again.
 */
const SETTLE_ATTEMPTS = 10;

async function withNeighboursSettled<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof NeighboursMoved)) throw error;
      if (tries === SETTLE_ATTEMPTS) {
        throw conflict('CITIZEN_BUSY', "This citizen's follows and friendships are changing at this moment; try again");
      }
    }
  }
}

async function decideOnce(ctx: Pick<AppContext, 'db' | 'now'>, request: DecisionRequest): Promise<LogRow> {
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const { subject, reason, reportId } = await resolveTarget(trx, request.target);
    const kind = actsOn(request.action);
    if ((kind === 'post' || kind === 'comment') && subject.kind !== kind) {
      throw badRequest(
        'ACTION_DOES_NOT_FIT',
        `${request.action} acts on a reported ${kind}; this report is about a ${subject.kind}`,
      );
    }
    // Suspending from a post's or a comment's report suspends its author.
    const acted =
      kind === 'citizen' && subject.kind !== 'citizen'
        ? {
            kind: 'citizen' as const,
            id: subject.kind === 'post' ? await authorOf(trx, subject.id) : await commentAuthorOf(trx, subject.id),
          }
        : subject;
    if (request.action === 'suspend' && acted.id === request.moderatorId) {
      throw badRequest('CANNOT_SUSPEND_YOURSELF', 'A moderator cannot suspend themselves');
    }
    await apply(trx, request.action, acted.id, reason, now);
    await trx
      .updateTable('reports')
      .set({
        state: request.action === 'dismiss' ? 'dismissed' : 'actioned',
        decided_at: now,
        decision: request.action,
      })
      .where('state', '=', 'open')
      .where((eb) =>
        eb.or([
          eb.and([eb('subject_kind', '=', subject.kind), eb('subject_id', '=', subject.id)]),
          eb.and([eb('subject_kind', '=', acted.kind), eb('subject_id', '=', acted.id)]),
        ]),
      )
      .execute();
    const row: LogRow = {
      id: newId(now),
      moderator_id: request.moderatorId,
      action: request.action,
      subject_kind: acted.kind,
      subject_id: acted.id,
      report_id: reportId,
      note: request.note,
      created_at: now,
    };
    await trx.insertInto('moderation_log').values(row).execute();
    return row;
  });
}

async function resolveTarget(trx: Db, target: DecisionTarget) {
  if ('subject' in target) {
    const { kind, id } = target.subject;
    const table = kind === 'post' ? 'posts' : kind === 'comment' ? 'comments' : 'citizens';
    const exists = await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
    if (!exists) throw kind === 'post' ? postNotFound() : kind === 'comment' ? commentNotFound() : citizenNotFound();
    return { subject: target.subject, reason: target.reason, reportId: null };
  }
  const report = await trx
    .selectFrom('reports')
    .select(['id', 'subject_kind', 'subject_id', 'reason'])
    .where('id', '=', target.reportId)
    .executeTakeFirst();
  if (!report) throw reportNotFound();
  return {
    subject: { kind: report.subject_kind, id: report.subject_id },
    reason: report.reason as ReportReason,
    reportId: report.id,
  };
}

async function authorOf(trx: Db, postId: string): Promise<string> {
  const post = await trx.selectFrom('posts').select('author_id').where('id', '=', postId).executeTakeFirst();
  if (!post) throw postNotFound();
  return post.author_id;
}

/** The change itself; a 409 when the subject already stands as the action would leave it. */
async function apply(trx: Db, action: ModerationAction, id: string, reason: ReportReason, now: number) {
  switch (action) {
    case 'dismiss':
      return;
    case 'hide-post':
    case 'restore-post': {
      const hide = action === 'hide-post';
      // A new version of the post (updated_at): its cached content and JSON are written again (ADR 024, 044).
      const changed = await trx
        .updateTable('posts')
        .set({
          hidden_at: hide ? now : null,
          moderation_reason: hide ? reason : null,
          updated_at: now,
        })
        .where('id', '=', id)
        .where('deleted_at', 'is', null)
        .where('hidden_at', hide ? 'is' : 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (!changed) await refuse(trx, 'post', id, hide ? 'This post is already hidden' : 'This post is not hidden');
      await recountTagsOf(trx, { postId: id });
      return;
    }
    case 'hide-comment':
    case 'restore-comment':
      return hideComment(trx, id, action === 'hide-comment', reason, now);
    case 'suspend':
    case 'unsuspend': {
      const suspend = action === 'suspend';
      // Locks in the order every other writer takes them: the author's tags, then citizens by id.
      await lockTagsOf(trx, id);
      await lockWithNeighbours(trx, id);
      const changed = await trx
        .updateTable('citizens')
        // Signed out as of the next whole second: a token's `iat` has whole seconds, and one of this very second
        // would otherwise be taken for one issued after (http/auth/sign-outs.ts). No sign-in can follow meanwhile;
        // unsuspending moves it back to now, so that tokens issued from then on are taken again.
        .set(
          suspend
            ? { suspended_at: now, signed_out_at: now + 1000, updated_at: now }
            : { suspended_at: null, signed_out_at: now, updated_at: now },
        )
        .where('id', '=', id)
        .where('suspended_at', suspend ? 'is' : 'is not', null)
        .returning('id')
        .executeTakeFirst();
      if (!changed) {
        await refuse(
          trx,
          'citizen',
          id,
          suspend ? 'This citizen is already suspended' : 'This citizen is not suspended',
        );
      }
      // Signed out everywhere: no refresh token of theirs renews a session, and their access tokens issued before
      // now are refused on every instance (http/auth/sign-outs.ts, announced by the caller).
      if (suspend) await revokeAllFor(trx, id, now);
      await recountTagsOf(trx, { authorId: id });
      // Their follows and friendships leave the counts of the people at the other end, or come back (ADR 076).
      await moveNeighbourCounts(trx, id, suspend ? 'leave' : 'return');
      return;
    }
  }
}

/** Why nothing changed: the subject is gone (404), or already stands as asked (409). */
async function refuse(trx: Db, kind: ReportSubjectKind, id: string, standing: string): Promise<never> {
  if (kind === 'post') {
    const post = await trx.selectFrom('posts').select('deleted_at').where('id', '=', id).executeTakeFirst();
    if (!post || post.deleted_at !== null) throw postNotFound();
  }
  throw conflict('ALREADY_DECIDED', standing);
}
