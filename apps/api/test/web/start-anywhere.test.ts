import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { hasWebBuild } from '../../src/web/mount.js';
import { freePort } from '../support/free-port.js';

// The built server (`npm run build`; the test command builds both halves before the suites run).
const serverEntry = fileURLToPath(new URL('../../dist/main.js', import.meta.url));
const built = existsSync(serverEntry) && hasWebBuild();

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Starts the built server in `cwd` with `env`; resolves with its origin once healthy, or rejects with its output. */
async function start(cwd: string, env: Record<string, string>): Promise<string> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  dataDir = mkdtempSync(join(tmpdir(), 'civitas-anywhere-'));
  let output = '';
  // Only what the server needs, so the run does not depend on the caller's shell.
  const serverEnv: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    ...env,
  };
  const server: ChildProcess = spawn(process.execPath, [serverEntry], {
    cwd,
    env: serverEnv as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = server;
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${output}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return origin;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not start: ${output}`);
}

describe.skipIf(!built)('the built server starts wherever it is started (needs npm run build)', () => {
  it('serves pages from another working directory with NODE_ENV=development', { timeout: 60_000 }, async () => {
    const origin = await start(tmpdir(), { NODE_ENV: 'development' });
    const page = await fetch(`${origin}/`, { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Main stage');
  });

  it('serves pages with the configuration of the build, never loading the compiler (about 40 MB resident)', {
    timeout: 60_000,
  }, async () => {
    const origin = await start(tmpdir(), {});
    const page = await fetch(`${origin}/sign-up`, { headers: { 'accept-language': 'en' } });
    expect(page.status).toBe(200);
    // The build's settings hold: no X-Powered-By header (poweredByHeader: false in next.config.ts), and the
    // stylesheets the page links are served (ADR 074).
    expect(page.headers.get('x-powered-by')).toBeNull();
    const stylesheet = (await page.text()).match(/<link rel="stylesheet" href="([^"]+\.css)"/)?.[1];
    expect(stylesheet).toBeDefined();
    expect((await fetch(`${origin}${stylesheet}`)).headers.get('content-type')).toMatch(/^text\/css/);
    const mapped = readFileSync(`/proc/${child?.pid}/maps`, 'utf8');
    expect(mapped).toContain('/node');
    expect(mapped.split('\n').filter((line) => /swc/i.test(line))).toEqual([]);
  });

  it('says what is wrong with an unknown NODE_ENV instead of starting half-way', { timeout: 60_000 }, async () => {
    await expect(start(tmpdir(), { NODE_ENV: 'staging' })).rejects.toThrow(/invalid configuration: NODE_ENV/);
  });
});
