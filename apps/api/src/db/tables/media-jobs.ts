export type MediaJobStatusValue = 'queued' | 'running' | 'done' | 'failed';

/**
 * A post's media processing, durable so it survives a restart: `running` with `locked_until` in the past
 * means its worker died, and the job is claimed again.
 */
export interface MediaJobsTable {
  id: string;
  post_id: string;
  status: MediaJobStatusValue;
  attempts: number;
  run_after: number;
  locked_until: number | null;
  stage: string | null;
  percent: number | null;
  failure_code: string | null;
  failure_message: string | null;
  created_at: number;
  updated_at: number;
}
