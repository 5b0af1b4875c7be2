import { afterAll, beforeAll } from 'vitest';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import type { Worker } from '../../src/media/jobs/worker.js';
import { createTestApp, type TestApp } from './harness.js';

/**
 * A test app on the demo world with a media worker beside it, for the whole file: uploaded posts are processed
 * and published as a citizen's are. `ready` receives the app once both run; both stop after the file's tests.
 */
export function provideAppWithMediaWorker(ready: (app: TestApp) => void): void {
  let app: TestApp | undefined;
  let worker: Worker | undefined;
  beforeAll(async () => {
    app = await createTestApp();
    worker = startMediaWorker(app.ctx, () => {});
    ready(app);
  });
  afterAll(async () => {
    await worker?.stop();
    await app?.close();
  });
}
