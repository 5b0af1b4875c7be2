import type { Db } from '../../db/database.js';

export interface ClaimedJob {
  id: string;
  postId: string;
  /** This run included. */
  attempts: number;
}

export interface JobState {
  status: 'queued' | 'running' | 'done' | 'failed';
  stage: string | null;
  percent: number | null;
  failureCode: string | null;
  failureMessage: string | null;
}

/**
 * The media job queue. The embedded driver is a table in the app's database (table-job-queue.ts), run by a
 * worker in the server process; a Redis-backed driver and a separate worker process implement the same calls.
 * A claimed job holds a lease that its worker renews: a job whose worker died is claimed again once the
 * lease runs out.
 */
export interface JobQueue {
  /** Queues a post's processing; with the caller's transaction, so the job exists exactly when the write does. */
  enqueue(db: Db, postId: string, now: number): Promise<void>;
  claim(now: number, leaseMs: number): Promise<ClaimedJob | null>;
  extendLease(jobId: string, until: number): Promise<void>;
  progress(jobId: string, stage: string, percent: number, now: number): Promise<void>;
  succeed(jobId: string, now: number): Promise<void>;
  /** Back to the queue, to run again no earlier than `runAfter`. */
  release(jobId: string, runAfter: number, reason: string, now: number): Promise<void>;
  fail(jobId: string, code: string, message: string, now: number): Promise<void>;
  /** The newest job of a post, for its processing status. */
  latestFor(postId: string): Promise<JobState | null>;
  /** Called whenever this process queues a job, so an idle worker starts at once rather than at its next poll. */
  onEnqueued(listener: () => void): void;
}
