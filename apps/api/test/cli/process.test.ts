import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeContext } from '../../src/create-context.js';
import { type CliRun, cli } from '../support/cli.js';
import { fromSources } from '../support/from-sources.js';
import { createTempDatabase, type TempDatabase } from '../support/temp-database.js';

// The CLI entry run by a real `node` process, straight from the TypeScript sources (no build needed).
const entry = fileURLToPath(new URL('../../src/cli/main.ts', import.meta.url));

function civitas(env: NodeJS.ProcessEnv, ...args: string[]): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, fromSources(entry, ...args), {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      err += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

let db: TempDatabase;
beforeAll(async () => {
  db = await createTempDatabase();
  expect(
    (await cli(db.env, 'create-user', '--username', 'proc_user', '--display-name', 'P', '--country', 'FR')).code,
  ).toBe(0);
});
afterAll(() => db.drop());

describe('the civitas process', () => {
  it('exits with a code and a plain message for every outcome', { timeout: 60_000 }, async () => {
    const [minted, refused, badArgs] = await Promise.all([
      civitas(db.env, 'mint-token', '--username', 'proc_user'),
      civitas({ ...db.env, NODE_ENV: 'production' }, 'mint-token', '--guest'),
      civitas(db.env, 'stage', '--post', 'not-a-uuid'),
    ]);

    expect(minted.code).toBe(0);
    expect(minted.out).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+\n$/);
    // The server, opening the same database, takes the token.
    const server = await db.open();
    expect(await server.tokens.verify(minted.out.trim())).toMatchObject({ kind: 'citizen', username: 'proc_user' });
    await closeContext(server);

    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toBe(
      'error: mint-token is a development tool and is refused in production (NODE_ENV=production, APP_ENV=dev).\n',
    );

    expect(badArgs).toMatchObject({ code: 2, out: '' });
    expect(badArgs.err).toContain("error: option '--post <id>' argument 'not-a-uuid' is invalid. It must be a UUID");
    for (const run of [refused, badArgs]) expect(run.err).not.toMatch(/\n\s+at /);
  });
});
