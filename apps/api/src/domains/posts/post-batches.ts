import { sql } from 'kysely';
import type { AppContext } from '../../context.js';
import { eachAlone, oncePer, writeLine } from '../../db/batches.js';
import type { Db } from '../../db/database.js';
import { countedOnAuthorSql } from './author-count.js';
import { hashtagKey } from './caption.js';
import { countedOnTags, nameFromFirstCounted } from './hashtag-links.js';
import type { CitizenSummaryRow, PostRow } from './hydrate.js';
import { hashtagsOf, type PostFields, postRowOf, type WrittenPost, writePost } from './write-post.js';

/**
 * A citizen's new post, as writePost writes it. On PostgreSQL, the posts that arrive while one batch is being
 * written go out together in the next one (ADR 036, as likes do in ADR 035): each post was a statement and a
 * commit of its own. Batches of one instance take turns: two that count the same authors and hashtags in
 * different orders could deadlock. SQLite writes each post in its own transaction, in process.
 */
export function publish(ctx: Pick<AppContext, 'db' | 'dialect'>, fields: PostFields): Promise<WrittenPost> {
  if (ctx.dialect !== 'postgres') return writePost(ctx.db, fields);
  return writerOf(ctx.db).load(fields);
}

/** Far more than a crowd publishes during one statement (see writeLine). */
const MAX_POSTS_PER_STATEMENT = 512;

const writerOf = oncePer((db: Db) =>
  writeLine(MAX_POSTS_PER_STATEMENT)((posts: readonly PostFields[]) => publishTogether(db, posts)),
);

/**
 * The batch's posts in one statement, or, should it fail (a token that outlived its citizen, say), each post on
 * its own, so each gets its own outcome. The statement is atomic: a failed one wrote nothing.
 */
async function publishTogether(db: Db, batch: readonly PostFields[]): Promise<(WrittenPost | Error)[]> {
  if (batch.length === 1) return [await writePost(db, batch[0] as PostFields)];
  const rows = batch.map(postRowOf);
  let authors: CitizenSummaryRow[];
  try {
    authors = (await manyPostsSql(rows, batch).execute(db)).rows;
  } catch {
    return eachAlone(batch, (fields) => writePost(db, fields));
  }
  const byId = new Map(authors.map((author) => [author.id, author]));
  return rows.map((post) => {
    const author = byId.get(post.author_id);
    return author ? { post, author } : new Error(`publish: the author ${post.author_id} was not counted`);
  });
}

/**
 * writePost's statement for many posts, the rows passed as JSON: each post with its mentions and hashtag links,
 * each hashtag counted once by the number of its new posts everyone may see (named as its first post spells it
 * when new; hashtag-links.ts says which count), and
 * each author once by the number of theirs that count there (author-count.ts).
 */
function manyPostsSql(rows: readonly PostRow[], batch: readonly PostFields[]) {
  const mentions = rows.flatMap((row, i) =>
    (batch[i] as PostFields).mentionIds.map((citizenId) => ({ post_id: row.id, citizen_id: citizenId })),
  );
  const tags = rows.flatMap((row, n) =>
    hashtagsOf(row).map((name) => ({
      post_id: row.id,
      key: hashtagKey(name),
      name,
      at: row.created_at,
      n,
      counted: countedOnTags(row) ? 1 : 0,
    })),
  );
  // In the keys' order, like every writer of tags; when none of the posts is counted yet (citizens' drafts),
  // existing tags are left untouched.
  const onTagConflict = tags.some((tag) => tag.counted > 0)
    ? sql`on conflict (name_key) do update set posts_count = hashtags.posts_count + excluded.posts_count,
          name = ${nameFromFirstCounted(sql`excluded.name`)}`
    : sql`on conflict (name_key) do nothing`;
  // The rows' own columns, named: the table's others (the comments' count and switch, ADR 084) take their defaults,
  // which `select *` would have filled with nulls, failing the batch into one statement per post.
  const columns = sql.join(Object.keys(rows[0] as PostRow).map((column) => sql.ref(column)));
  return sql<CitizenSummaryRow>`
    with post as (
      insert into posts (${columns})
      select ${columns} from json_populate_recordset(null::posts, ${JSON.stringify(rows)}::json)
      returning id, author_id, status
    ), mentions as (
      insert into post_mentions (post_id, citizen_id)
      select post_id, citizen_id from json_populate_recordset(null::post_mentions, ${JSON.stringify(mentions)}::json)
    ), tag as (
      select * from json_to_recordset(${JSON.stringify(tags)}::json)
        as tag(post_id uuid, key text, name text, at bigint, n int, counted int)
    ), tags as (
      insert into hashtags (name_key, name, posts_count, created_at)
      select key, (array_agg(name order by n))[1], sum(counted)::int, min(at) from tag group by key order by key
      ${onTagConflict}
    ), links as (
      insert into post_hashtags (post_id, name_key) select post_id, key from tag
    )
    update citizens set posts_count = citizens.posts_count + authored.k
    from (select author_id, (count(*) filter (where ${countedOnAuthorSql}))::int as k from post group by author_id) as authored
    where citizens.id = authored.author_id
    returning citizens.id, citizens.username, citizens.display_name, citizens.profile_picture_uri, citizens.country`;
}
