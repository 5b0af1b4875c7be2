import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles } from '../../src/cli/backup/manifest.js';
import { loadConfig } from '../../src/config.js';
import { createContext } from '../../src/create-context.js';
import { createDatabase, type Db } from '../../src/db/database.js';
import { dialectOf } from '../../src/db/dialect.js';
import { cli } from '../support/cli.js';
import { fromSources } from '../support/from-sources.js';
import { startS3Server } from '../support/s3-server.js';
import { closeContext, createTempDatabase, type TempDatabase, withAdmin } from '../support/temp-database.js';

const writerScript = fileURLToPath(new URL('./backup-writer.ts', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'civitas-backup-test-'));
const baseUrl = process.env.TEST_DATABASE_URL;

/** Somewhere to restore into: a fresh DATA_DIR and, on PostgreSQL, a fresh database with the source's schema. */
interface Place {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  drop(): Promise<void>;
}

const admin = (statement: string) => withAdmin(baseUrl ?? '', statement);

/** `withSchema`: the operator made the (empty) schema beforehand, with its own owner and grants. */
async function emptyPlace(source: TempDatabase, withSchema = false): Promise<Place> {
  const dataDir = mkdtempSync(join(tmpdir(), 'civitas-restore-'));
  const env: NodeJS.ProcessEnv = { ...source.env, DATA_DIR: dataDir };
  let database: string | null = null;
  if (baseUrl && source.env.DATABASE_URL) {
    database = `r_${randomBytes(6).toString('hex')}`;
    await admin(`create database ${database}`);
    const url = new URL(source.env.DATABASE_URL);
    url.pathname = `/${database}`;
    env.DATABASE_URL = url.toString();
    if (withSchema) {
      const schema = /search_path=(\w+)/.exec(url.searchParams.get('options') ?? '')?.[1];
      const client = new pg.Client({ connectionString: url.toString() });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
    }
  }
  return {
    env,
    dataDir,
    async drop() {
      if (database) await admin(`drop database ${database} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const openDb = (env: NodeJS.ProcessEnv): Db => {
  const config = loadConfig(env);
  return createDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
};

/** Every table of the application's schema (found by listing them) with its rows, in a stable order. */
async function allTables(db: Db): Promise<Map<string, string[]>> {
  const { rows: tables } =
    dialectOf(db as never) === 'postgres'
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master
          where type = 'table' and name not like 'sqlite_%' order by 1`.execute(db);
  const result = new Map<string, string[]>();
  for (const { name } of tables) {
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(name)}`.execute(db);
    result.set(name, rows.map((row) => JSON.stringify(row)).sort());
  }
  return result;
}

async function withDb<T>(env: NodeJS.ProcessEnv, work: (db: Db) => Promise<T>): Promise<T> {
  const db = openDb(env);
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

function startWriter(env: NodeJS.ProcessEnv, writerId: string) {
  const child: ChildProcess = spawn(process.execPath, fromSources(writerScript), {
    env: { PATH: process.env.PATH, ...env, WRITER_ID: writerId },
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let rounds = 0;
  let wanted: { count: number; resolve: () => void } | null = null;
  child.stdout?.on('data', (chunk: Buffer) => {
    rounds += chunk.toString().split('\n').length - 1;
    if (wanted && rounds >= wanted.count) wanted.resolve();
  });
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  return {
    rounds: () => rounds,
    reached: (count: number) =>
      new Promise<void>((resolve) => {
        wanted = { count, resolve };
        if (rounds >= count) resolve();
      }),
    async stop() {
      child.stdin?.end();
      expect(await exited).toBe(0);
      return rounds;
    },
  };
}

const places: Place[] = [];
async function place(source: TempDatabase, withSchema = false): Promise<Place> {
  const made = await emptyPlace(source, withSchema);
  places.push(made);
  return made;
}

let source: TempDatabase;
let writerId: string;
const backupDir = join(scratch, 'backup');

beforeAll(async () => {
  source = await createTempDatabase();
  const seeded = await cli(source.env, 'seed');
  expect(seeded.code, seeded.err).toBe(0);
  const created = await cli(
    source.env,
    'create-user',
    '--username',
    'backup_writer',
    '--display-name',
    'W',
    '--country',
    'GB',
  );
  expect(created.code, created.err).toBe(0);
  writerId = /\(([0-9a-f-]{36})\)/.exec(created.out)?.[1] ?? '';
}, 120_000);

afterAll(async () => {
  for (const made of places) await made.drop();
  await source?.drop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('civitas backup and restore', () => {
  it('backs up while a citizen writes, and restores every table row for row, the media and the keys', {
    timeout: 120_000,
  }, async () => {
    const writer = startWriter(source.env, writerId);
    await writer.reached(20);
    const before = writer.rounds();
    const backup = await cli(source.env, 'backup', '--to', backupDir);
    const during = writer.rounds() - before;
    await writer.reached(writer.rounds() + 20);
    const total = await writer.stop();
    expect(backup.code, backup.err).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up the (SQLite|PostgreSQL) database \(migration \d{3}-[\w-]+\),\n\d+ media files to /,
    );
    expect(backup.out).toContain('It holds the signing keys (in the database)');
    const manifest = JSON.parse(readFileSync(join(backupDir, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({
      format: 'civitas-backup',
      formatVersion: 1,
      database: { kind: baseUrl ? 'postgres' : 'sqlite' },
    });
    const listed = manifest.files.map((file: { path: string }) => file.path);
    expect(listed).toEqual((await listFiles(backupDir)).filter((path) => path !== 'manifest.json'));
    expect(listed.some((path: string) => /^media\/.+\.webp$/.test(path))).toBe(true);
    // Uploads in progress, the mail outbox and work files stay out.
    for (const path of listed) expect(path).toMatch(/^(database|media|keys)\//);

    const target = await place(source, true);
    const restored = await cli(target.env, 'restore', '--from', backupDir);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toContain('The database is at migration');

    const [live, copy] = [await withDb(source.env, allTables), await withDb(target.env, allTables)];
    expect([...copy.keys()]).toEqual([...live.keys()]);
    expect(copy.size).toBeGreaterThan(10);

    // The writer's rows differ by design (it went on writing); everything else must be identical.
    const writerPosts = await withDb(source.env, (db) =>
      db.selectFrom('posts').select('id').where('author_id', '=', writerId).execute(),
    );
    expect(writerPosts).toHaveLength(total);
    const writerIds = [writerId, ...writerPosts.map((post) => post.id)];
    const others = (rows: string[]) => rows.filter((row) => !writerIds.some((id) => row.includes(id)));
    for (const [table, rows] of live) expect(others(copy.get(table) ?? []), table).toEqual(others(rows));
    expect(live.get('posts')?.length).toBeGreaterThan(20);
    expect(live.get('likes')?.length).toBeGreaterThan(20);

    // The snapshot holds whole transactions of the writer: each post with its like and its count, its author's
    // count matching, and a run of rounds that started before the backup and went on after it.
    await withDb(target.env, async (db) => {
      const posts = await db
        .selectFrom('posts')
        .select(['id', 'likes_count'])
        .where('author_id', '=', writerId)
        .execute();
      const likes = await db.selectFrom('likes').select('post_id').where('citizen_id', '=', writerId).execute();
      const author = await db
        .selectFrom('citizens')
        .select('posts_count')
        .where('id', '=', writerId)
        .executeTakeFirst();
      expect(posts.length).toBeGreaterThanOrEqual(before);
      expect(posts.length).toBeLessThan(total);
      expect(Number(author?.posts_count)).toBe(posts.length);
      const liked = new Set(likes.map((like) => like.post_id));
      for (const post of posts) expect(post.likes_count).toBe(liked.has(post.id) ? 1 : 0);
      expect(posts.filter((post) => !liked.has(post.id)).length).toBeLessThanOrEqual(1);
    });
    expect(during + before).toBeLessThan(total);

    const media = await listFiles(join(source.dataDir, 'media'));
    expect(media.length).toBeGreaterThan(0);
    expect(await listFiles(join(target.dataDir, 'media'))).toEqual(media);
    for (const path of media) {
      expect(
        readFileSync(join(target.dataDir, 'media', path)).equals(readFileSync(join(source.dataDir, 'media', path))),
        path,
      ).toBe(true);
    }
    // The keys travel in the database (ADR 017): a token the source signed verifies on the restored copy.
    const signed = await source.open();
    const token = await signed.tokens.issue({ kind: 'guest', guestId: randomUUID() }, 600);
    await closeContext(signed);
    const restoredSite = await createContext(loadConfig(target.env));
    expect(await restoredSite.tokens.verify(token)).toMatchObject({ kind: 'guest' });
    await closeContext(restoredSite);
    for (const path of await listFiles(join(source.dataDir, 'keys'))) {
      expect(readFileSync(join(target.dataDir, 'keys', path), 'utf8')).toBe(
        readFileSync(join(source.dataDir, 'keys', path), 'utf8'),
      );
    }

    // A restore never overwrites: the restored place is no longer empty.
    const again = await cli(target.env, 'restore', '--from', backupDir);
    expect(again).toMatchObject({ code: 1, out: '' });
    expect(again.err).toMatch(/^error: The restore target is not empty: it has .*A restore never overwrites data/);
  });

  it('says where media on object storage is, since the folder does not hold it', async () => {
    const s3 = await startS3Server();
    try {
      const folder = join(scratch, 'with-bucket');
      const run = await cli({ ...source.env, ...s3.env }, 'backup', '--to', folder);
      expect(run.code, run.err).toBe(0);
      expect(run.out).toContain(`Media is in bucket "${s3.bucket}" at ${s3.endpoint} and is not copied here`);
      expect(run.out).not.toContain(s3.env.S3_SECRET_ACCESS_KEY);
    } finally {
      await s3.close();
    }
  });

  it('refuses to write a backup into a folder that has anything in it', async () => {
    const folder = join(scratch, 'occupied');
    cpSync(backupDir, folder, { recursive: true });
    writeFileSync(join(folder, 'notes.txt'), 'mine');
    const refused = await cli(source.env, 'backup', '--to', folder);
    expect(refused).toMatchObject({ code: 1, out: '' });
    expect(refused.err).toBe(`error: ${folder} is not empty; back up into a new or empty folder.\n`);
    expect(readFileSync(join(folder, 'notes.txt'), 'utf8')).toBe('mine');
  });

  it('checks every file before touching anything: a changed file or a missing manifest is refused', async () => {
    const tampered = join(scratch, 'tampered');
    cpSync(backupDir, tampered, { recursive: true });
    const picture = (await listFiles(join(tampered, 'media'))).at(-1) ?? '';
    const bytes = readFileSync(join(tampered, 'media', picture));
    bytes[bytes.length - 1] = (bytes.at(-1) ?? 0) ^ 0xff;
    writeFileSync(join(tampered, 'media', picture), bytes);

    const unfinished = join(scratch, 'unfinished');
    cpSync(backupDir, unfinished, { recursive: true });
    rmSync(join(unfinished, 'manifest.json'));

    const newer = join(scratch, 'newer');
    cpSync(backupDir, newer, { recursive: true });
    const manifest = JSON.parse(readFileSync(join(newer, 'manifest.json'), 'utf8'));
    manifest.database.migration = '999-from-the-future';
    writeFileSync(join(newer, 'manifest.json'), JSON.stringify(manifest));

    const target = await place(source);
    for (const [from, message] of [
      [tampered, `error: media/${picture} does not match its checksum in manifest.json; refusing to restore.\n`],
      [unfinished, `error: ${unfinished} has no manifest.json: not a Civitas backup, or one that did not finish.\n`],
      [
        newer,
        'error: The backup was taken by a newer Civitas (migration 999-from-the-future is unknown here); restore it with that version or later.\n',
      ],
    ] as const) {
      const refused = await cli(target.env, 'restore', '--from', from);
      expect(refused).toMatchObject({ code: 1, out: '', err: message });
    }
    // Nothing was written: the place is as empty as it was.
    expect(readdirSync(target.dataDir)).toEqual([]);
    if (target.env.DATABASE_URL) {
      const client = new pg.Client({ connectionString: target.env.DATABASE_URL });
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from pg_tables where schemaname not in ($1, $2)', [
        'pg_catalog',
        'information_schema',
      ]);
      await client.end();
      expect(rows[0].n).toBe(0);
    } else {
      expect(existsSync(join(target.dataDir, 'civitas.sqlite'))).toBe(false);
    }
  });

  it.runIf(baseUrl)(
    'gives pg_dump the password in its environment only, and says when the tool is missing',
    async () => {
      const spy = join(scratch, 'fake-pg-dump.sh');
      const record = join(scratch, 'fake-pg-dump.txt');
      writeFileSync(
        spy,
        `#!/bin/sh\nprintf '%s\\n' "$@" "PGPASSWORD=$PGPASSWORD" > '${record}'\necho "failed for s3cret-pw" >&2\nexit 3\n`,
        {
          mode: 0o755,
        },
      );
      const url = new URL(source.env.DATABASE_URL ?? '');
      url.password = 's3cret-pw';
      const env = { ...source.env, DATABASE_URL: url.toString(), PG_DUMP_PATH: spy };
      const failed = await cli(env, 'backup', '--to', join(scratch, 'spied'));
      expect(failed).toMatchObject({ code: 1, out: '' });
      expect(failed.err).toBe('error: pg_dump failed (exit code 3): failed for ***\n');
      const lines = readFileSync(record, 'utf8').split('\n');
      expect(lines).toContain('PGPASSWORD=s3cret-pw');
      expect(lines.filter((line) => line.includes('s3cret-pw'))).toEqual(['PGPASSWORD=s3cret-pw']);
      expect(lines).toContain('--format=custom');
      expect(existsSync(join(scratch, 'spied'))).toBe(false);

      const missing = await cli(
        { ...source.env, PG_DUMP_PATH: join(scratch, 'no-such-pg_dump') },
        'backup',
        '--to',
        join(scratch, 'spied'),
      );
      expect(missing).toMatchObject({ code: 1, out: '' });
      expect(missing.err).toBe(
        `error: ${join(scratch, 'no-such-pg_dump')} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set PG_DUMP_PATH.\n`,
      );
    },
  );
});
