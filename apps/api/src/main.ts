import { setTimeout as sleep } from 'node:timers/promises';
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { closeContext, createContext } from './create-context.js';
import { startMediaWorker } from './domains/media/media-worker.js';
import { describeRole, runsMediaWorker } from './process-role.js';
import { seedDemoIfEmpty } from './seed/demo.js';
import { checkServices } from './service-checks.js';
import { exitOnSignals } from './shutdown.js';
import { startSweepers } from './sweepers.js';
import { startErrorReports } from './telemetry/error-reports.js';
import { mountWeb } from './web/mount.js';
import { ensureSsrClient, handToWebServer, internalOrigin } from './web/ssr-client.js';
import { runWorkerProcess } from './worker-process.js';

async function main(): Promise<void> {
  const config = loadConfig();
  if (config.ROLE === 'worker') return runWorkerProcess(config);
  const ctx = await createContext(config, { errorReports: await startErrorReports(config) });
  await checkServices(config, ctx.redis);
  if (config.SEED_DEMO === 'true') await seedDemoIfEmpty(ctx);
  const readiness = { draining: false };
  const app = await buildApp(ctx, { logger: true, readiness });
  handToWebServer(internalOrigin(config), await ensureSsrClient(ctx));
  await mountWeb(app, ctx);
  await app.listen({ port: config.PORT, host: config.HOST });
  const log = (message: string, error?: unknown) => app.log.error({ err: error }, message);
  const worker = runsMediaWorker(config) ? startMediaWorker(ctx, log) : null;
  const stopSweepers = runsMediaWorker(config) ? startSweepers(ctx, log) : () => {};
  app.log.info(describeRole(config));
  exitOnSignals({
    timeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    log: { info: (message) => app.log.info(message), error: log },
    stop: async () => {
      // Not ready any more: a proxy that checks /healthz stops sending requests while they are still served.
      readiness.draining = true;
      // Without a delay, not even a turn of the event loop: the listener closes as soon as the hooks allow.
      if (config.SHUTDOWN_DRAIN_DELAY_MS > 0) await sleep(config.SHUTDOWN_DRAIN_DELAY_MS);
      stopSweepers();
      // app.close stops listening at once (new connections are refused), closes idle keep-alive sockets, answers
      // requests arriving on busy ones with 503 + Connection: close, and resolves when those in flight are done.
      // A media job in progress goes back to the queue meanwhile.
      await Promise.all([worker?.stop(), app.close()]);
      await ctx.errorReports.close(2_000);
      await closeContext(ctx); // the database and the job queue's Redis connections
    },
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
