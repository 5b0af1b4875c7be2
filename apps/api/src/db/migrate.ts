import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as initial from './migrations/001-initial.js';
import * as peopleIndexes from './migrations/003-people-indexes.js';

/** Migrations are listed explicitly (no directory scan), so the compiled and test builds see the same set. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '003-people-indexes': peopleIndexes,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
}
