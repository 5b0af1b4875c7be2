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

/** A job that will not run again unless someone retries it (the dead letter). */
export interface FailedJob {
  id: string;
  postId: string;
  attempts: number;
  failureCode: string | null;
  failureMessage: string | null;
  failedAt: number;
}

/**
 * The media job queue. The embedded driver is a table in the app's database (table-job-queue.ts), run by a
 * worker in the server process; the Redis driver (redis-job-queue.ts, ADR 022) keeps that table as the record
 * and hands each job to BullMQ for delivery, retries and stalled-job recovery. A claimed job holds a lease that
 * its worker renews: a job whose worker died is claimed again once the lease runs out.
 */
export interface JobQueue {
  /**
   * Records a post's processing; with the caller's transaction, so the job exists exactly when the write does.
   * Answers the job's id, to `dispatch` once that transaction has committed.
   */
  enqueue(db: Db, postId: string, now: number): Promise<string>;
  /**
   * After the enqueuing (or requeuing) transaction committed: hands the job to the queue's transport. A no-op
   * for the table; for Redis it adds the BullMQ job. A job never dispatched (the process died in between, Redis
   * was down) is dispatched by `maintain`, so callers may ignore a failure here.
   */
  dispatch(jobId: string, postId: string): Promise<void>;
  claim(now: number, leaseMs: number): Promise<ClaimedJob | null>;
  extendLease(jobId: string, until: number): Promise<void>;
  progress(jobId: string, stage: string, percent: number, now: number): Promise<void>;
  succeed(jobId: string, now: number): Promise<void>;
  /** A passing failure: back to the queue, to run again no earlier than `runAfter`. */
  release(jobId: string, runAfter: number, reason: string, now: number): Promise<void>;
  /** The worker is stopping: back to the queue at once, for another worker. */
  handBack(jobId: string, now: number): Promise<void>;
  fail(jobId: string, code: string, message: string, now: number): Promise<void>;
  /** The newest job of a post, for its processing status. */
  latestFor(postId: string): Promise<JobState | null>;
  /** Failed jobs, newest first. */
  listFailed(limit: number): Promise<FailedJob[]>;
  /**
   * A failed job back to `queued` with fresh attempts, with the caller's transaction (which also moves its post
   * back to processing); `dispatch` it after the commit. False when the job is not failed.
   */
  requeueFailed(db: Db, jobId: string, now: number): Promise<boolean>;
  /** Housekeeping a worker runs while idle (the Redis driver's relay); nothing for the table. */
  maintain(now: number): Promise<void>;
  /** Called whenever this process queues a job, so an idle worker starts at once rather than at its next poll. */
  onEnqueued(listener: () => void): void;
  /** Closes the queue's own connections (none for the table). */
  close(): Promise<void>;
}
