import { randomBytes } from 'node:crypto';

/**
 * A PostgreSQL schema of its own for one test file (or one CLI test's database): `t_<creation time in seconds,
 * 8 hex digits>_<8 random hex digits>`. The time lets scripts/with-postgres.mjs tell a schema left behind by an
 * interrupted run (hours old) from one that another run on this machine is using right now (CI beside a
 * developer's run), so a second run never drops the first one's schemas.
 */
export const newTestSchemaName = (now = Date.now()): string =>
  `t_${Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0')}_${randomBytes(4).toString('hex')}`;
