import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { MediaJobsTable } from '../../db/tables/media-jobs.js';
import type { JobQueue } from './job-queue.js';

/** The embedded job queue: the `media_jobs` table of the app's own database. */
export function tableJobQueue(db: Db): JobQueue {
  const listeners: (() => void)[] = [];
  const update = (jobId: string, values: Updateable<MediaJobsTable>) =>
    db.updateTable('media_jobs').set(values).where('id', '=', jobId).execute();

  return {
    async enqueue(trx, postId, now) {
      await trx
        .insertInto('media_jobs')
        .values({
          id: newId(now),
          post_id: postId,
          status: 'queued',
          attempts: 0,
          run_after: now,
          locked_until: null,
          stage: 'queued',
          percent: 0,
          failure_code: null,
          failure_message: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
      // After the caller's transaction commits; a worker that looks too early finds it at its next poll.
      setImmediate(() => {
        for (const listener of listeners) listener();
      });
    },

    async claim(now, leaseMs) {
      const due = await db
        .selectFrom('media_jobs')
        .select(['id', 'post_id', 'attempts'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'queued'), eb('run_after', '<=', now)]),
            eb.and([eb('status', '=', 'running'), eb('locked_until', '<', now)]),
          ]),
        )
        .orderBy('run_after')
        .limit(1)
        .executeTakeFirst();
      if (!due) return null;
      // `attempts` is the version: if another worker claimed the job meanwhile, it has moved on and this is a no-op.
      const claimed = await db
        .updateTable('media_jobs')
        .set({ status: 'running', attempts: due.attempts + 1, locked_until: now + leaseMs, updated_at: now })
        .where('id', '=', due.id)
        .where('attempts', '=', due.attempts)
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirst();
      if (claimed.numUpdatedRows === 0n) return null;
      return { id: due.id, postId: due.post_id, attempts: due.attempts + 1 };
    },

    extendLease: async (jobId, until) => {
      await update(jobId, { locked_until: until });
    },
    progress: async (jobId, stage, percent, now) => {
      await update(jobId, { stage, percent, updated_at: now });
    },
    succeed: async (jobId, now) => {
      await update(jobId, { status: 'done', stage: null, percent: 100, locked_until: null, updated_at: now });
    },
    release: async (jobId, runAfter, reason, now) => {
      await update(jobId, {
        status: 'queued',
        stage: 'queued',
        run_after: runAfter,
        locked_until: null,
        failure_message: reason.slice(0, 500),
        updated_at: now,
      });
    },
    fail: async (jobId, code, message, now) => {
      await update(jobId, {
        status: 'failed',
        locked_until: null,
        failure_code: code,
        failure_message: message,
        updated_at: now,
      });
    },

    async latestFor(postId) {
      const row = await db
        .selectFrom('media_jobs')
        .select(['status', 'stage', 'percent', 'failure_code', 'failure_message'])
        .where('post_id', '=', postId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row
        ? {
            status: row.status,
            stage: row.stage,
            percent: row.percent,
            failureCode: row.failure_code,
            failureMessage: row.failure_message,
          }
        : null;
    },

    onEnqueued: (listener) => {
      listeners.push(listener);
    },
  };
}
