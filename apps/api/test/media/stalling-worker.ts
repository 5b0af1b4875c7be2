import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/create-context.js';
import { startWorker } from '../../src/media/jobs/worker.js';

// A worker process that claims a media job and then never finishes it (renewing its lease all the while), for
// tests that kill it with SIGKILL mid-job. It prints `claimed <jobId>` once it holds the job.

const ctx = await createContext(loadConfig());
startWorker({
  queue: ctx.media.queue,
  run: (job) => {
    process.stdout.write(`claimed ${job.id}\n`);
    return new Promise(() => {});
  },
  giveUp: async () => {},
  now: ctx.now,
  timeoutMs: ctx.config.MEDIA_JOB_TIMEOUT_MS,
  leaseMs: ctx.config.MEDIA_JOB_LEASE_MS,
  maxAttempts: ctx.config.MEDIA_JOB_ATTEMPTS,
  pollMs: 50,
  log: (message) => process.stderr.write(`${message}\n`),
});
