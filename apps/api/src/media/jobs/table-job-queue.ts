import type { Db } from '../../db/database.js';
import type { JobQueue } from './job-queue.js';
import {
  failedJobRows,
  failedRow,
  insertJobRow,
  latestJobFor,
  releasedRow,
  requeueJobRow,
  succeededRow,
  updateJobRow,
} from './job-rows.js';

/** The embedded job queue: the `media_jobs` table of the app's own database. */
export function tableJobQueue(db: Db): JobQueue {
  const listeners: (() => void)[] = [];
  const wakeSoon = () =>
    // After the caller's transaction commits; a worker that looks too early finds it at its next poll.
    setImmediate(() => {
      for (const listener of listeners) listener();
    });

  return {
    async enqueue(trx, postId, now) {
      const id = await insertJobRow(trx, postId, now);
      wakeSoon();
      return id;
    },
    dispatch: async () => {}, // the row is the job

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

    extendLease: (jobId, until) => updateJobRow(db, jobId, { locked_until: until }),
    progress: (jobId, stage, percent, now) => updateJobRow(db, jobId, { stage, percent, updated_at: now }),
    succeed: (jobId, now) => updateJobRow(db, jobId, succeededRow(now)),
    release: (jobId, runAfter, reason, now) => updateJobRow(db, jobId, releasedRow(runAfter, reason, now)),
    handBack: (jobId, now) => updateJobRow(db, jobId, releasedRow(now, 'the server stopped', now)),
    fail: (jobId, code, message, now) => updateJobRow(db, jobId, failedRow(code, message, now)),
    latestFor: (postId) => latestJobFor(db, postId),
    listFailed: (limit) => failedJobRows(db, limit),

    async requeueFailed(trx, jobId, now) {
      const requeued = await requeueJobRow(trx, jobId, now);
      if (requeued) wakeSoon();
      return requeued;
    },
    maintain: async () => {},

    onEnqueued: (listener) => {
      listeners.push(listener);
    },
    close: async () => {},
  };
}
