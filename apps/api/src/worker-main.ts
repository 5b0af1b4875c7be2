import { loadConfig } from './config.js';
import { closeContext, createContext } from './create-context.js';
import { startMediaWorker } from './domains/media/media-worker.js';
import { startUploadSweeper } from './domains/media/sweep-uploads.js';
import { exitOnSignals } from './shutdown.js';

/**
 * Only the media worker (`npm run worker`): processing in its own process, so transcoding never competes
 * with serving requests. Run the server with MEDIA_WORKER=false beside it.
 */
async function main(): Promise<void> {
  const ctx = await createContext(loadConfig());
  const log = (message: string, error?: unknown) =>
    console.error(`${message}${error instanceof Error ? `: ${error.message}` : ''}`);
  const worker = startMediaWorker(ctx, log);
  const stopSweeper = startUploadSweeper(ctx, log);
  exitOnSignals({
    timeoutMs: ctx.config.SHUTDOWN_TIMEOUT_MS,
    log: { info: (message) => console.log(message), error: log },
    stop: async () => {
      stopSweeper();
      await worker.stop(); // a job in progress goes back to the queue
      await closeContext(ctx);
    },
  });
  console.log('media worker started');
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
