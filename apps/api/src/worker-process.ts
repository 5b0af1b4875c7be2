import type { Config } from './config.js';
import { closeContext, createContext } from './create-context.js';
import { startMediaWorker } from './domains/media/media-worker.js';
import { describeRole } from './process-role.js';
import { checkServices } from './service-checks.js';
import { exitOnSignals } from './shutdown.js';
import { startSweepers } from './sweepers.js';

/**
 * Only the media worker and the sweepers (ROLE=worker, `npm run worker`): processing in its own process,
 * so transcoding never competes with serving requests. Run the servers beside it with ROLE=web.
 */
export async function runWorkerProcess(config: Config): Promise<void> {
  const ctx = await createContext(config);
  await checkServices(config, ctx.redis);
  const log = (message: string, error?: unknown) =>
    console.error(`${message}${error instanceof Error ? `: ${error.message}` : ''}`);
  const worker = startMediaWorker(ctx, log);
  const stopSweepers = startSweepers(ctx, log);
  exitOnSignals({
    timeoutMs: ctx.config.SHUTDOWN_TIMEOUT_MS,
    log: { info: (message) => console.log(message), error: log },
    stop: async () => {
      stopSweepers();
      await worker.stop(); // a job in progress goes back to the queue
      await closeContext(ctx); // and the queue's Redis connections are closed
    },
  });
  console.log(`media worker started (${describeRole(config)})`);
}
