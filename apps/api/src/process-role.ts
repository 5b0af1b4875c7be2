import type { Config } from './config.js';

/**
 * Whether this process runs the media worker (and the sweepers beside it: uploads, old analytics events): ROLE=worker and ROLE=all do,
 * unless MEDIA_WORKER=false (the older switch, kept: it equals ROLE=web); ROLE=web never does (ADR 022).
 */
export const runsMediaWorker = (config: Config): boolean => config.ROLE !== 'web' && config.MEDIA_WORKER === 'true';

/** Whether this process serves HTTP: every role but `worker`. */
export const servesHttp = (config: Config): boolean => config.ROLE !== 'worker';

/** One boot line saying what this process runs, so a mis-set ROLE shows at once in the log. */
export function describeRole(config: Config): string {
  const parts = [servesHttp(config) ? 'serving HTTP' : null, runsMediaWorker(config) ? 'the media worker' : null];
  const queue = config.REDIS_URL ? 'the Redis (BullMQ) job queue' : 'the embedded job queue';
  return `ROLE=${config.ROLE}: ${parts.filter(Boolean).join(' and ')}, on ${queue}`;
}
