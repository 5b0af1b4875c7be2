import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port.js';
import { type S3TestServer, startS3Server } from '../support/s3-server.js';
import { startServer, startWorker } from '../support/server-process.js';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.js';

// The real server and worker processes refuse to start when a service the configuration names does not answer,
// and say which setting is wrong, without showing a secret.

let db: TempDatabase;
let s3: S3TestServer;
beforeAll(async () => {
  db = await createTempDatabase();
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  await db?.drop();
});

const startFails = async (start: Promise<unknown>) => {
  const error = await start.then(
    () => null,
    (failure: unknown) => failure as Error,
  );
  expect(error, 'the process started').not.toBeNull();
  return String(error?.message);
};

describe('boot checks of the configured services', () => {
  it('refuses a REDIS_URL where no Redis answers, naming where it points but not its password', async () => {
    const deadPort = await freePort();
    const message = await startFails(
      startServer({ ...db.env, REDIS_URL: `redis://:hunter2-secret@127.0.0.1:${deadPort}` }, await freePort()),
    );
    expect(message).toContain(`REDIS_URL: Redis at 127.0.0.1:${deadPort} cannot be used`);
    expect(message).not.toContain('hunter2-secret');
  });

  it('refuses a bucket that does not exist, in the server and in the worker', async () => {
    const env = { ...db.env, ...s3.env, S3_BUCKET: 'no-such-bucket' };
    const expected = `S3_BUCKET: bucket "no-such-bucket" at ${s3.endpoint} cannot be used (there is no such bucket)`;
    expect(await startFails(startServer(env, await freePort()))).toContain(expected);
    const fromWorker = await startFails(startWorker(env));
    expect(fromWorker).toContain(expected);
    expect(fromWorker).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
  });

  it('starts when the bucket and Redis answer', async () => {
    const server = await startServer({ ...db.env, ...s3.env, REDIS_URL: 'redis://127.0.0.1:6379' }, await freePort());
    try {
      expect((await fetch(`${server.origin}/healthz`)).status).toBe(200);
    } finally {
      server.child.kill('SIGTERM');
      await server.exited;
    }
  });
});
