// Runs a command with TEST_DATABASE_URL pointing at the local PostgreSQL (every suite runs on both dialects).
// Each test file makes its own schema (t_<created, seconds in hex>_<random>: apps/api/test/support/test-schema.ts) and
// drops it. Schemas left by an interrupted run are dropped here first, but only those hours old: a younger one
// may belong to another run on this machine right now (CI beside a developer's run), whose tests would fail with
// "schema does not exist" halfway through. Schemas of the older naming (t_<12 random hex>) are leftovers.
import { spawnSync } from 'node:child_process';
import pg from 'pg';

const LEFTOVER_AFTER_SECONDS = 6 * 60 * 60;

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const client = new pg.Client({ connectionString: url });
await client.connect();
const { rows } = await client.query(
  `select nspname from pg_namespace where nspname ~ '^t_[0-9a-f]{8}_[0-9a-f]{8}$' or nspname ~ '^t_[0-9a-f]{12}$'`,
);
const now = Math.floor(Date.now() / 1000);
const leftover = (name) => {
  const created = /^t_([0-9a-f]{8})_/.exec(name);
  return !created || now - Number.parseInt(created[1], 16) > LEFTOVER_AFTER_SECONDS;
};
for (const { nspname } of rows.filter(({ nspname }) => leftover(nspname))) {
  await client.query(`drop schema if exists ${nspname} cascade`);
}
await client.end();

const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: false,
});
process.exit(result.status ?? 1);
