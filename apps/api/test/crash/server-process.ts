import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The real server entry run by a plain `node` process straight from the TypeScript sources (no build needed),
// so a test can signal or kill it like a supervisor would.
const entry = fileURLToPath(new URL('../../src/main.ts', import.meta.url));
const typescriptHooks = fileURLToPath(new URL('../cli/run-typescript.mjs', import.meta.url));

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
  const child = spawn(process.execPath, ['--conditions=civitas-source', '--import', typescriptHooks, entry], {
    env: {
      PATH: process.env.PATH,
      SEED_DEMO: 'false',
      MEDIA_WORKER: 'false',
      NEXT_DIST_DIR: '.no-web-build-in-this-test',
      ...env,
      HOST: '127.0.0.1',
      PORT: String(port),
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
  const origin = `http://127.0.0.1:${port}`;
  const started = Date.now();
  let gone = false;
  void exited.then(() => {
    gone = true;
  });
  for (;;) {
    if (gone) throw new Error(`the server exited while starting:\n${output}`);
    if (Date.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`the server did not answer /healthz within ${timeoutMs} ms:\n${output}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, origin, output: () => output, exited };
}
