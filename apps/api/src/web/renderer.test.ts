import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../../test/support/free-port.js';
import { defaultWebDir, hasWebBuild, setWebBuildConfig } from './mount.js';
import { type PageRenderer, startPageRenderer } from './renderer.js';

// The renderer's own work (the thread, the hand-over, the restart) with a thread that answers plainly instead of
// Next: Next's pages through it are tested in test/web/page-renderer.test.ts and by the E2E journeys.
const plainThread = `
import { createServer } from 'node:http';
import { parentPort, threadId, workerData } from 'node:worker_threads';
const server = createServer((request, response) => {
  let body = '';
  request.on('data', (chunk) => { body += chunk; });
  request.on('end', () => {
    response.setHeader('set-cookie', ['first=1', 'second=2']);
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.write(threadId + ' ' + request.method + ' ' + request.url + ' ' + request.headers['x-asked'] + ' ');
    setTimeout(() => response.end(body), 20);
    if (request.url === '/stop') setTimeout(() => process.exit(3), 50);
  });
});
server.listen(workerData.socketPath, () => parentPort.postMessage({ kind: 'ready', reportsErrors: false }));
parentPort.on('message', (message) => message === 'stop' && process.exit(0));
`;
const failingThread = `
import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ kind: 'failed', error: 'no build here' });
`;

const noReporting = { APP_ENV: 'dev', SENTRY_DSN: undefined } as const;

let dir: string | undefined;
let renderer: PageRenderer | undefined;
let front: Server | undefined;
afterEach(async () => {
  front?.close();
  await renderer?.close();
  renderer = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

function threadFile(source: string): string {
  dir ??= mkdtempSync(join(tmpdir(), 'civitas-renderer-test-'));
  const file = join(dir, `thread-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, source);
  return file;
}

/** A server that hands every request to the renderer, as web/mount.ts does (a renderer that cannot answer: 500). */
async function frontOf(pages: PageRenderer): Promise<string> {
  front = createServer((request, response) => {
    pages.handle(request, response).catch(() => {
      response.statusCode = 500;
      response.end();
    });
  });
  return `http://127.0.0.1:${await listenOnLoopback(front)}`;
}

describe('the page renderer thread (ADR 043)', () => {
  it('passes the request, body and headers on and the answer back, and starts a thread that stopped again', async () => {
    const logged: string[] = [];
    renderer = await startPageRenderer({
      dir: '/nowhere',
      hostname: '127.0.0.1',
      port: 0,
      log: (message) => logged.push(message),
      errorReporting: noReporting,
      entry: threadFile(plainThread),
    });
    const origin = await frontOf(renderer);

    const answer = await fetch(`${origin}/p/1?x=2`, { method: 'POST', headers: { 'x-asked': 'yes' }, body: 'hello' });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie()).toEqual(['first=1', 'second=2']);
    const [firstThread, ...rest] = (await answer.text()).split(' ');
    expect(rest.join(' ')).toBe('POST /p/1?x=2 yes hello');

    expect((await fetch(`${origin}/stop`)).status).toBe(200);
    let again: string | undefined;
    for (let tries = 0; tries < 50 && again === undefined; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const page = await fetch(`${origin}/after`).catch(() => null);
      if (page?.status === 200) again = await page.text();
    }
    expect(again).toMatch(/^\d+ GET \/after undefined $/);
    expect(again?.split(' ')[0]).not.toBe(firstThread);
    expect(logged).toContain('the page renderer stopped (exit code 3); starting it again');
  });

  it('starts error reporting in the thread only where the environment reports errors (docs/product.md §1)', {
    skip: !hasWebBuild(),
    timeout: 60_000,
  }, async () => {
    setWebBuildConfig();
    const withNext = { dir: defaultWebDir, hostname: '127.0.0.1', port: 0, log: () => {} };
    const reporting = await startPageRenderer({
      ...withNext,
      errorReporting: { APP_ENV: 'test', SENTRY_DSN: 'http://key@127.0.0.1:9/7' },
    });
    expect(reporting.reportsErrors).toBe(true);
    await reporting.close();
    renderer = await startPageRenderer({
      ...withNext,
      errorReporting: { APP_ENV: 'dev', SENTRY_DSN: 'http://key@127.0.0.1:9/7' },
    });
    expect(renderer.reportsErrors).toBe(false);
  });

  it('says why when the thread cannot start', async () => {
    await expect(
      startPageRenderer({
        dir: '/nowhere',
        hostname: '127.0.0.1',
        port: 0,
        log: () => {},
        errorReporting: noReporting,
        entry: threadFile(failingThread),
      }),
    ).rejects.toThrow('the page renderer could not start: no build here');
  });
});
