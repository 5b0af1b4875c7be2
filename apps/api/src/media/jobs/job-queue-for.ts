import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { JobQueue } from './job-queue.js';
import { tableJobQueue } from './table-job-queue.js';

/**
 * The media job queue the configuration asks for: BullMQ when REDIS_URL is set, else the embedded table. BullMQ
 * is loaded only then (about 13 MB of memory beside ioredis).
 */
export async function jobQueueFor(config: Config, db: Db): Promise<JobQueue> {
  if (!config.REDIS_URL) return tableJobQueue(db);
  const { redisJobQueue } = await import('./redis-job-queue.js');
  return redisJobQueue({
    db,
    redisUrl: config.REDIS_URL,
    prefix: config.JOB_QUEUE_PREFIX,
    attempts: config.MEDIA_JOB_ATTEMPTS,
    // The message only: a connection error may name the host, never the URL with its password.
    log: (message, error) => console.error(`${message}${error instanceof Error ? `: ${error.message}` : ''}`),
  });
}
