// Runs a command with TEST_DATABASE_URL pointing at the local PostgreSQL (every suite runs on both dialects).
// Each test file makes its own schema (t_<random>) and drops it; schemas left by an interrupted run are
// dropped here first.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query(`select nspname from pg_namespace where nspname ~ '^t_[0-9a-f]{12}$'`);
for (const { nspname } of rows) await client.query(`drop schema if exists ${nspname} cascade`);
await client.end();

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: false,
});
process.exit(result.status ?? 1);
