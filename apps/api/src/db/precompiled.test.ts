import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Db } from './database.js';
import { migrateToLatest } from './migrate.js';
import { precompiled } from './precompiled.js';

const db = createDatabase({ dataDir: '.', sqliteFile: ':memory:' });
beforeAll(async () => {
  await migrateToLatest(db as never);
  await db
    .insertInto('hashtags')
    .values(['a', 'b', 'c'].map((name, i) => ({ name_key: name, name, posts_count: i, created_at: 0 })))
    .execute();
});
afterAll(() => db.destroy());

const tagsIn = (db: Db, minimum: number, keys: string[]) =>
  db.selectFrom('hashtags').select('name').where('posts_count', '>=', minimum).where('name_key', 'in', keys);

describe('precompiled', () => {
  it('runs each shape with the values of each call', async () => {
    const query = precompiled({
      build: tagsIn,
      shape: (_minimum, keys) => String(keys.length),
      parameters: (minimum, keys) => [minimum, ...keys],
    });
    expect(await query(db, 0, ['a', 'b'])).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(await query(db, 1, ['a', 'c'])).toEqual([{ name: 'c' }]);
    expect(await query(db, 0, ['b'])).toEqual([{ name: 'b' }]);
  });

  it('refuses parameters listed in another order than the builder makes them', async () => {
    const query = precompiled({
      build: tagsIn,
      shape: () => 'one',
      parameters: (minimum, keys) => [...keys, minimum],
    });
    await expect(query(db, 0, ['a'])).rejects.toThrow(/differ from the builder/);
  });

  it('takes a raw statement, compiled against the database it runs on', async () => {
    const query = precompiled({
      build: (_db: Db, minimum: number) =>
        sql<{ name: string }>`select name from hashtags where posts_count >= ${minimum} order by name`,
      shape: () => 'one',
      parameters: (minimum) => [minimum],
    });
    expect(await query(db, 1)).toEqual([{ name: 'b' }, { name: 'c' }]);
    expect(await query(db, 2)).toEqual([{ name: 'c' }]);
  });
});
