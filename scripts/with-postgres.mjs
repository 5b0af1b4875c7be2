// Runs a command with TEST_DATABASE_URL pointing at the local PostgreSQL (spec: every suite runs on both dialects).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const [command, ...args] = process.argv.slice(2);
const result = spawnSync(command, args, {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
  shell: false,
});
process.exit(result.status ?? 1);
