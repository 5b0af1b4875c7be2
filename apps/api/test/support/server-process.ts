import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { fromSources } from './from-sources.js';

// The real server entry run by a plain `node` process straight from the TypeScript sources (no build needed),
// so a test can signal or kill it like a supervisor would.
const entries = {
  server: fileURLToPath(new URL('../../src/main.ts', import.meta.url)),
  worker: fileURLToPath(new URL('../../src/worker-main.ts', import.meta.url)),
};

export interface ServerProcess {
  child: ChildProcess;
  origin: string;
  /** What the process wrote to stdout and stderr so far (its log lines). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Starts the server on `port` with `env` (API only: the web build, if any, is not mounted) and resolves once
 * `/healthz` answers.
 */
export async function startServer(env: NodeJS.ProcessEnv, port: number, timeoutMs = 60_000): Promise<ServerProcess> {
  const child = spawnEntry('server', { ...env, HOST: '127.0.0.1', PORT: String(port) });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(child, timeoutMs, 'answer /healthz', async () => {
    try {
      return (await fetch(`${origin}/healthz`)).ok;
    } catch {
      return false; // not listening yet
    }
  });
  return { ...child, origin };
}

export type WorkerProcess = Omit<ServerProcess, 'origin'>;

/** Starts the media worker alone (`npm run worker`) and resolves once it says it has started. */
export async function startWorker(env: NodeJS.ProcessEnv, timeoutMs = 60_000): Promise<WorkerProcess> {
  const worker = spawnEntry('worker', env);
  await waitFor(worker, timeoutMs, 'start', async () => worker.output().includes('media worker started'));
  return worker;
}

/** Starts an entry as a plain `node` process from the sources, collecting what it writes; resolves at once. */
export function spawnEntry(entry: keyof typeof entries, env: NodeJS.ProcessEnv): WorkerProcess {
  const child = spawn(process.execPath, fromSources(entries[entry]), {
    env: {
      PATH: process.env.PATH,
      SEED_DEMO: 'false',
      MEDIA_WORKER: 'false',
      NEXT_DIST_DIR: '.no-web-build-in-this-test',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { child, output: () => output, exited };
}

async function waitFor(started: WorkerProcess, timeoutMs: number, what: string, ready: () => Promise<boolean>) {
  const since = Date.now();
  let gone = false;
  void started.exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the process exited while starting:\n${started.output()}`);
    if (Date.now() - since > timeoutMs) {
      started.child.kill('SIGKILL');
      throw new Error(`the process did not ${what} within ${timeoutMs} ms:\n${started.output()}`);
    }
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
