import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from './paths';

/** Where a running app keeps its data, and the public address its tokens name as their issuer. */
export interface AppData {
  readonly dataDir: string;
  readonly origin: string;
}

/**
 * The admin CLI (apps/api/dist/cli) on a running app's data, with a clean environment (no DATABASE_URL from
 * the caller's shell). Returns what it printed, trimmed.
 */
export async function runCli(app: AppData, ...args: string[]): Promise<string> {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '/tmp',
    DATA_DIR: app.dataDir,
    // Tokens the CLI mints name the server's public address as their issuer.
    PUBLIC_URL: app.origin,
    LOG_LEVEL: 'warn',
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [join(repoRoot, 'apps/api/dist/cli/main.js'), ...args],
    { cwd: repoRoot, env: env as NodeJS.ProcessEnv },
  );
  return stdout.trim();
}

/** A call to the app's API with a bearer token (minted by the CLI), its status and parsed body. */
export async function callApi<T>(
  origin: string,
  path: string,
  token: string,
  init: RequestInit = {},
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}${path}`, {
    ...init,
    // A JSON content type only with a body: the server refuses an empty one declared as JSON (a DELETE has none).
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...init.headers,
    },
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as T };
}
