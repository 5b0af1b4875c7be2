import { type ChildProcess, spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../api/test/support/free-port';
import { artifactsDir, repoRoot, serverEntry, webBuildId } from './paths';

export interface RunningApp {
  origin: string;
  dataDir: string;
  stop(): Promise<void>;
}

async function waitForHealth(origin: string, child: ChildProcess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited with ${child.exitCode}; see e2e/artifacts/server.log`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy within 60 s; see e2e/artifacts/server.log');
}

/**
 * The real built product, as `npm start` runs it (apps/api/dist/main.js with the web build mounted), on a
 * fresh DATA_DIR with its own SQLite file, on a free port of the loopback interface.
 */
export async function startApp(env: Record<string, string>, logName = 'server.log'): Promise<RunningApp> {
  for (const [file, build] of [
    [serverEntry, 'npm run build (tsc -b packages/contract apps/api)'],
    [webBuildId, 'npm run build:web'],
  ] as const) {
    if (!existsSync(file)) throw new Error(`E2E needs the built app: ${file} is missing; run ${build} first`);
  }
  // The server is told its port, as PUBLIC_URL must name it.
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-e2e-'));
  mkdirSync(artifactsDir, { recursive: true });
  // A second app in the same run (a journey that needs data of its own) logs beside the shared one's.
  const log = createWriteStream(join(artifactsDir, logName));
  // A clean environment: only what the server needs, so the run does not depend on the caller's shell.
  const serverEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? tmpdir(),
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    NEXT_TELEMETRY_DISABLED: '1',
    ...(process.env.NEXT_DIST_DIR ? { NEXT_DIST_DIR: process.env.NEXT_DIST_DIR } : {}),
    ...env,
  };
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repoRoot,
    env: serverEnv as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(origin, child, Date.now() + 60_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, dataDir, stop };
}
