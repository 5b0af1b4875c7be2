#!/usr/bin/env node
// Prints the first column of the first row of one SQL query against the benchmark database: PostgreSQL when
// DATABASE_URL is set (its search_path option selects the schema), otherwise DATA_DIR/civitas.sqlite.
// Prints nothing when there is no such row (or no table yet), so the caller can tell "not generated".
// Usage: node bench/api/lookup.mjs <DATA_DIR> "<sql>"
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const [dataDir, query] = process.argv.slice(2);
if (!dataDir || !query) {
  console.error('usage: node bench/api/lookup.mjs <DATA_DIR> "<sql>"');
  process.exit(2);
}

async function firstValue() {
  if (process.env.DATABASE_URL) {
    const pg = (await import('pg')).default;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(query);
      return rows[0] ? Object.values(rows[0])[0] : undefined;
    } catch (error) {
      if (error.code === '42P01') return undefined; // undefined_table: nothing migrated yet
      throw error;
    } finally {
      await client.end();
    }
  }
  const file = join(dataDir, 'civitas.sqlite');
  if (!existsSync(file)) return undefined;
  const SQLite = (await import('better-sqlite3')).default;
  const db = new SQLite(file, { readonly: true });
  try {
    const row = db.prepare(query).get();
    return row ? Object.values(row)[0] : undefined;
  } catch (error) {
    if (/no such table/.test(String(error))) return undefined;
    throw error;
  } finally {
    db.close();
  }
}

const value = await firstValue();
if (value !== undefined && value !== null) console.log(String(value));
