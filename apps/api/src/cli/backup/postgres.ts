import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { CliError } from '../errors.js';

export const PG_DUMP_FILE = 'civitas.pgdump';

/**
 * How the PostgreSQL tools reach the database: the URL without its password as `--dbname`, the password in
 * the child's PGPASSWORD, so it is never on a command line (visible to every user in `ps`) or in a message.
 */
interface ToolConnection {
  /** null: the tool only reads a file (pg_restore --list). */
  dbname: string | null;
  env: Record<string, string | undefined>;
  password: string | null;
}

function toolConnection(databaseUrl: string, env: NodeJS.ProcessEnv): ToolConnection {
  const url = new URL(databaseUrl);
  const password = url.password ? decodeURIComponent(url.password) : null;
  url.password = '';
  // libpq reads %20 as a space but not '+', which URLSearchParams writes (e.g. in options=-c search_path=x).
  url.search = [...url.searchParams]
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  // libpq settings the operator may rely on (PGSSLMODE, PGPASSFILE, …) pass through; nothing else does.
  const passed = Object.entries(env).filter(([key]) => key.startsWith('PG') && !key.startsWith('PG_'));
  const childEnv: Record<string, string | undefined> = {
    PATH: env.PATH ?? process.env.PATH,
    ...(env.HOME ? { HOME: env.HOME } : {}),
    ...Object.fromEntries(passed),
    ...(password ? { PGPASSWORD: password } : {}),
  };
  return { dbname: url.toString(), env: childEnv, password };
}

const tools = {
  pg_dump: 'PG_DUMP_PATH',
  pg_restore: 'PG_RESTORE_PATH',
} as const;

/** Runs pg_dump or pg_restore with an argument array (no shell); answers its standard output. */
function runTool(
  tool: keyof typeof tools,
  args: readonly string[],
  connection: ToolConnection,
  env: NodeJS.ProcessEnv,
): Promise<string> {
  const command = env[tools[tool]] || tool;
  const hide = (text: string) => (connection.password ? text.split(connection.password).join('***') : text);
  return new Promise((resolve, reject) => {
    const dbname = connection.dbname === null ? [] : [`--dbname=${connection.dbname}`];
    const child = spawn(command, [...args, ...dbname], {
      // Next's types make NODE_ENV required in ProcessEnv; a PostgreSQL tool needs none.
      env: connection.env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
    });
    child.stderr.on('data', (chunk) => {
      if (err.length < 8_000) err += chunk;
    });
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new CliError(
              `${command} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client) or set ${tools[tool]}.`,
            )
          : new CliError(`${command} could not be started: ${error.message}`),
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(out);
      else reject(new CliError(`${tool} failed (exit code ${code}): ${hide(err.trim()) || 'no message'}`));
    });
  });
}

export interface PostgresPlace {
  /** The schema the application's tables live in: the first of the connection's search_path. */
  schema: string;
  exists: boolean;
  /** Tables, sequences, views … in that schema. */
  relations: number;
  migration: string | null;
}

function firstOfSearchPath(searchPath: string): string | null {
  for (const entry of searchPath.split(',').map((part) => part.trim())) {
    if (entry === '' || entry === '"$user"' || entry === '$user') continue;
    return entry.startsWith('"') ? entry.slice(1, -1).replaceAll('""', '"') : entry.toLowerCase();
  }
  return null;
}

/** Which schema DATABASE_URL points at, whether anything is in it, and its newest migration. */
export async function inspectPostgres(databaseUrl: string): Promise<PostgresPlace> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ current: string | null; search_path: string }>(
      'select current_schema() as current, current_setting($1) as search_path',
      ['search_path'],
    );
    const current = rows[0]?.current ?? null;
    const schema = current ?? firstOfSearchPath(rows[0]?.search_path ?? '');
    if (!schema) throw new CliError('DATABASE_URL names no schema (its search_path is empty).');
    const counted = await client.query<{ relations: number }>(
      `select count(*)::int as relations from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = $1`,
      [schema],
    );
    const relations = counted.rows[0]?.relations ?? 0;
    let migration: string | null = null;
    if (current && relations > 0) {
      const migrated = await client
        .query<{ name: string }>('select name from kysely_migration order by name desc limit 1')
        .catch(() => null);
      migration = migrated?.rows[0]?.name ?? null;
    }
    return { schema, exists: current !== null, relations, migration };
  } finally {
    await client.end();
  }
}

/** pg_dump's pattern for exactly this schema name (double quotes make it literal). */
const schemaPattern = (schema: string) => `"${schema.replaceAll('"', '""')}"`;

/**
 * Dumps the application's schema in pg_dump's custom format. pg_dump reads in one repeatable-read
 * transaction, so the dump is one consistent snapshot while the server keeps writing. Owners and grants are
 * left out: a restore makes the restoring role the owner.
 */
export async function dumpPostgres(databaseUrl: string, schema: string, target: string, env: NodeJS.ProcessEnv) {
  const connection = toolConnection(databaseUrl, env);
  await runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--schema=${schemaPattern(schema)}`, `--file=${target}`],
    connection,
    env,
  );
}

/**
 * Restores a dump into the (empty) schema of the same name, in one transaction: a failed restore leaves the
 * database as it was. When the schema exists already (made by the operator, with its owner and grants), the
 * dump's own CREATE SCHEMA is skipped.
 */
export async function restorePostgres(
  databaseUrl: string,
  file: string,
  schemaExists: boolean,
  env: NodeJS.ProcessEnv,
): Promise<void> {
  const connection = toolConnection(databaseUrl, env);
  const scratch = await mkdtemp(join(tmpdir(), 'civitas-restore-'));
  try {
    const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction'];
    if (schemaExists) {
      const list = await runTool('pg_restore', ['--list', file], { ...connection, dbname: null }, env);
      const listFile = join(scratch, 'restore.list');
      const kept = list.split('\n').filter((line) => !/^\d+;\s+\d+\s+\d+\s+SCHEMA\s+-\s/.test(line));
      await writeFile(listFile, kept.join('\n'));
      args.push(`--use-list=${listFile}`);
    }
    await runTool('pg_restore', [...args, file], connection, env);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
