import type { Kysely } from 'kysely';

/**
 * Albums (ADR 086): a post's items after its first as one JSON array on the post's row (`more_media`), read with
 * the rest of its content and never on its own. The first item stays in the post's own media columns, so a post
 * of one picture or video is as it was (`'[]'`). Each upload names the item it is for (`position`, 0 for the
 * first, as every upload made before was).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('posts')
    .addColumn('more_media', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('uploads')
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('uploads').dropColumn('position').execute();
  await db.schema.alterTable('posts').dropColumn('more_media').execute();
}
