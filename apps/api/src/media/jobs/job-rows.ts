import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { newId } from '../../db/ids.js';
import type { MediaJobsTable } from '../../db/tables/media-jobs.js';
import type { FailedJob, JobState } from './job-queue.js';

// The `media_jobs` rows, shared by both drivers: the table queue runs on them, the Redis queue keeps them as the
// record every instance reads a post's processing status from (ADR 022).

/** A job as it waits for its first try: queued now, no attempts, no failure (a new row, or a retried one). */
const freshlyQueued = (now: number) =>
  ({
    status: 'queued',
    attempts: 0,
    run_after: now,
    locked_until: null,
    stage: 'queued',
    percent: 0,
    failure_code: null,
    failure_message: null,
    updated_at: now,
  }) as const;

export async function insertJobRow(db: Db, postId: string, now: number): Promise<string> {
  const id = newId(now);
  await db
    .insertInto('media_jobs')
    .values({ id, post_id: postId, ...freshlyQueued(now), created_at: now })
    .execute();
  return id;
}

export async function updateJobRow(db: Db, jobId: string, values: Updateable<MediaJobsTable>): Promise<void> {
  await db.updateTable('media_jobs').set(values).where('id', '=', jobId).execute();
}

export const releasedRow = (runAfter: number, reason: string, now: number): Updateable<MediaJobsTable> => ({
  status: 'queued',
  stage: 'queued',
  run_after: runAfter,
  locked_until: null,
  failure_message: reason.slice(0, 500),
  updated_at: now,
});

export const succeededRow = (now: number): Updateable<MediaJobsTable> => ({
  status: 'done',
  stage: null,
  percent: 100,
  locked_until: null,
  updated_at: now,
});

export const failedRow = (code: string, message: string, now: number): Updateable<MediaJobsTable> => ({
  status: 'failed',
  locked_until: null,
  failure_code: code,
  failure_message: message,
  updated_at: now,
});

export async function latestJobFor(db: Db, postId: string): Promise<JobState | null> {
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
}

export async function failedJobRows(db: Db, limit: number, ids?: readonly string[]): Promise<FailedJob[]> {
  let query = db
    .selectFrom('media_jobs')
    .select(['id', 'post_id', 'attempts', 'failure_code', 'failure_message', 'updated_at'])
    .where('status', '=', 'failed');
  if (ids) {
    if (ids.length === 0) return [];
    query = query.where('id', 'in', ids);
  }
  const rows = await query.orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
  return rows.map((row) => ({
    id: row.id,
    postId: row.post_id,
    attempts: row.attempts,
    failureCode: row.failure_code,
    failureMessage: row.failure_message,
    failedAt: row.updated_at,
  }));
}

/** A failed row back to `queued` with its attempts renewed; false when it was not failed. */
export async function requeueJobRow(db: Db, jobId: string, now: number): Promise<boolean> {
  const result = await db
    .updateTable('media_jobs')
    .set(freshlyQueued(now))
    .where('id', '=', jobId)
    .where('status', '=', 'failed')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
