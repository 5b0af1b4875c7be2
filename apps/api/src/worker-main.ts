import { loadConfig } from './config.js';
import { runWorkerProcess } from './worker-process.js';

/** `npm run worker`: the same as the server with ROLE=worker. MEDIA_WORKER does not apply (it is for servers). */
async function main(): Promise<void> {
  const role = process.env.ROLE;
  if (role && role !== 'worker') {
    throw new Error(`invalid configuration: ROLE: npm run worker runs ROLE=worker, but ROLE=${role} is set`);
  }
  await runWorkerProcess(loadConfig({ ...process.env, ROLE: 'worker', MEDIA_WORKER: 'true' }));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
