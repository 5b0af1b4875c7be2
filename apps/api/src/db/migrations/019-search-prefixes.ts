import { type Kysely, sql } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

/**
 * People search (ADR 083): every start of every term a citizen is found by (domains/search/search-terms.ts), one
 * row each, with the citizen's search tier (their followers, coarsely) and username, so a search reads its page in
 * rank order from one index (`citizen_search_prefixes_rank`). Filled for the citizens there are; the rows go with
 * their citizen's row (on delete cascade). They replace migration 018's table of terms, each read whole and
 * ranked by a walk of the citizens (`citizens_rank`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id } = columnTypes(db);
  const postgres = dialectOf(db) === 'postgres';
  // Compared byte by byte in both dialects (SQLite's BINARY, PostgreSQL's "C"), whatever the database's collation.
  const text = postgres ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('citizen_search_prefixes')
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id').onDelete('cascade'))
    .addColumn('prefix', text, (c) => c.notNull())
    .addColumn('tier', 'integer', (c) => c.notNull())
    .addColumn('username_key', text, (c) => c.notNull())
    .addPrimaryKeyConstraint('citizen_search_prefixes_pk', ['citizen_id', 'prefix'])
    .execute();
  // A search's page: the citizens with one prefix, most followed (by tier) first, then by username.
  await sql`create index citizen_search_prefixes_rank
    on citizen_search_prefixes (prefix, tier desc, username_key, citizen_id)`.execute(db);
  // 018's terms and its walk of the citizens by rank give way to the prefixes; the people lists' own index is back.
  await db.schema.dropTable('citizen_search_terms').execute();
  await db.schema.dropIndex('citizens_rank').execute();
  await db.schema.createIndex('citizens_popularity').on('citizens').column('followers_count').execute();

  type Row = { id: string; username: string; display_name: string; followers_count: number };
  const citizens = db as unknown as Kysely<{ citizens: Row }>;
  const prefixes = db as unknown as Kysely<{
    citizen_search_prefixes: { citizen_id: string; prefix: string; tier: number; username_key: string };
  }>;
  let after = '';
  for (;;) {
    const page = await citizens
      .selectFrom('citizens')
      .select(['id', 'username', 'display_name', 'followers_count'])
      .$if(after !== '', (qb) => qb.where('id', '>', after))
      .orderBy('id')
      .limit(500)
      .execute();
    if (page.length === 0) break;
    const rows = page.flatMap((citizen) =>
      prefixesAsOf019(citizen.username, citizen.display_name).map((prefix) => ({
        citizen_id: citizen.id,
        prefix,
        tier: tierAsOf019(citizen.followers_count),
        username_key: citizen.username.toLowerCase(),
      })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await prefixes
        .insertInto('citizen_search_prefixes')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    after = (page.at(-1) as Row).id;
  }
}

/** Back to 018's schema: its terms table (empty: 018 filled it) and rank index, without the people lists' index. */
export async function down(db: Kysely<unknown>): Promise<void> {
  const { id } = columnTypes(db);
  const text = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;
  await db.schema.dropTable('citizen_search_prefixes').execute();
  await db.schema
    .createTable('citizen_search_terms')
    .addColumn('term', text, (c) => c.notNull())
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('citizen_search_terms_pk', ['term', 'citizen_id'])
    .execute();
  await db.schema
    .createIndex('citizen_search_terms_citizen')
    .on('citizen_search_terms')
    .columns(['citizen_id', 'term'])
    .execute();
  await sql`create index citizens_rank on citizens (followers_count desc, username_key)`.execute(db);
  await db.schema.dropIndex('citizens_popularity').execute();
}

/**
 * The prefixes and the tier as this migration wrote them: domains/search/search-terms.ts's `searchPrefixesOf` and
 * `searchTier` when it was written, kept here so the migration stays as it ran. test/search/search.test.ts holds
 * them to the live rules: a change of a rule fails it until a migration writes every citizen's prefixes anew.
 */
export function prefixesAsOf019(username: string, displayName: string): string[] {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase();
  const name = fold(displayName).trim();
  const words = name.split(/[\s\p{P}\p{S}]+/u).filter((word) => word !== '');
  const terms = new Set([fold(username), name, ...words.slice(1)].filter((term) => term !== ''));
  const prefixes = new Set<string>();
  for (const term of terms) {
    const characters = [...term];
    for (let length = 1; length <= Math.min(characters.length, 20); length++) {
      prefixes.add(characters.slice(0, length).join(''));
    }
  }
  return [...prefixes];
}

export function tierAsOf019(followers: number): number {
  return followers <= 0 ? 0 : Math.floor(4 * Math.log2(followers + 1));
}
