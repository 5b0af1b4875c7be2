import { type Kysely, sql } from 'kysely';
import { columnTypes, dialectOf } from '../dialect.js';

/**
 * People search (ADR 082): the terms each citizen is found by (domains/search/search-terms.ts), one row each, keyed
 * by term for prefix ranges, filled for the citizens there are; they go with their citizen's row (on delete cascade). They replace the display-name prefix indexes of
 * migration 003, which matched two words without folding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const { id } = columnTypes(db);
  // Compared byte by byte in both dialects (SQLite's BINARY, PostgreSQL's "C"), so a prefix is one index range,
  // [term, the term's end) (domains/search/search-terms.ts), whatever the database's collation.
  const text = dialectOf(db) === 'postgres' ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('citizen_search_terms')
    .addColumn('term', text, (c) => c.notNull())
    .addColumn('citizen_id', id, (c) => c.notNull().references('citizens.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('citizen_search_terms_pk', ['term', 'citizen_id'])
    .execute();
  // A citizen's own terms: written anew with their name, and whether a citizen has one starting so.
  await db.schema
    .createIndex('citizen_search_terms_citizen')
    .on('citizen_search_terms')
    .columns(['citizen_id', 'term'])
    .execute();
  await db.schema.dropIndex('citizens_display_name_prefix').execute();
  await db.schema.dropIndex('citizens_second_name_prefix').execute();
  // The people lists' rank (most followed, then username) as one index, walked by a search that matches many.
  await sql`create index citizens_rank on citizens (followers_count desc, username_key)`.execute(db);
  await db.schema.dropIndex('citizens_popularity').execute();

  const citizens = db as unknown as Kysely<{ citizens: { id: string; username: string; display_name: string } }>;
  const terms = db as unknown as Kysely<{ citizen_search_terms: { citizen_id: string; term: string } }>;
  let after = '';
  for (;;) {
    const page = await citizens
      .selectFrom('citizens')
      .select(['id', 'username', 'display_name'])
      .$if(after !== '', (qb) => qb.where('id', '>', after))
      .orderBy('id')
      .limit(1000)
      .execute();
    if (page.length === 0) break;
    const rows = page.flatMap((citizen) =>
      termsAsOf018(citizen.username, citizen.display_name).map((term) => ({ citizen_id: citizen.id, term })),
    );
    for (let i = 0; i < rows.length; i += 500) {
      await terms
        .insertInto('citizen_search_terms')
        .values(rows.slice(i, i + 500))
        .execute();
    }
    after = (page.at(-1) as { id: string }).id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('citizen_search_terms').execute();
  await db.schema.createIndex('citizens_popularity').on('citizens').column('followers_count').execute();
  await db.schema.dropIndex('citizens_rank').execute();
  const postgres = dialectOf(db) === 'postgres';
  const prefix = (column: string) => sql.raw(postgres ? `${column} text_pattern_ops` : `${column} collate nocase`);
  const secondWord = postgres
    ? "substr(display_name_key, strpos(display_name_key, ' ') + 1)"
    : "substr(display_name_key, instr(display_name_key, ' ') + 1)";
  await sql`create index citizens_display_name_prefix on citizens (${prefix('display_name_key')})`.execute(db);
  await sql`create index citizens_second_name_prefix on citizens (${prefix(`(${secondWord})`)})`.execute(db);
}

/**
 * The terms as this migration wrote them: domains/search/search-terms.ts's `searchTermsOf` when it was written, kept
 * here so the migration stays as it ran. test/search/search-terms.test.ts holds the two alike: a change of the live
 * rule fails it until a migration writes every citizen's terms anew.
 */
export function termsAsOf018(username: string, displayName: string): string[] {
  const fold = (text: string) =>
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC')
      .toLowerCase();
  const name = fold(displayName).trim();
  const words = name.split(/[\s\p{P}\p{S}]+/u).filter((word) => word !== '');
  return [...new Set([fold(username), name, ...words.slice(1)].filter((term) => term !== ''))];
}
