import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { dialectOf } from '../../db/dialect.js';
import { newId } from '../../db/ids.js';
import { precompiled } from '../../db/precompiled.js';
import type { PostStatusValue } from '../../db/tables/index.js';
import { deliverPost, deliveryParameters, deliveryQuery } from '../feeds/following-timeline.js';
import { authorStep } from './author-count.js';
import { extractHashtags, hashtagKey } from './caption.js';
import { countedOnTags, linkHashtags, nameFromFirstCounted } from './hashtag-links.js';
import { type CitizenSummaryRow, citizenSummaryColumns, type PostRow } from './hydrate.js';
import type { ImageRendition } from './renditions.js';

export interface PostFields {
  authorId: string;
  caption: string;
  /** Already resolved and checked citizen ids. */
  mentionIds: readonly string[];
  mediaType: 'image' | 'video';
  sharing: 'public' | 'private';
  status: PostStatusValue;
  externalLink: string | null;
  media?: {
    imageUri?: string | null;
    coverImageUri?: string | null;
    videoUri?: string | null;
    renditions?: readonly ImageRendition[];
    placeholder?: string | null;
  };
  width?: number | null;
  height?: number | null;
  altText?: string | null;
  /** An album's items after the first, as the `more_media` column holds them (posts/album.ts); none by default. */
  moreMedia?: string;
  createdAt: number;
}

export interface WrittenPost {
  post: PostRow;
  /** The author as the counting update left them: all a view of the new post needs besides the row. */
  author: CitizenSummaryRow;
}

/**
 * Writes a post with its mention and hashtag links and counts it on its author and its tags (where it counts:
 * author-count.ts, hashtag-links.ts), atomically: the one way a post comes into being, whether created by a
 * citizen or seeded, and delivered to its readers' following timelines. Returns the row as written and its
 * author, so the new post can be shown without reading it back.
 *
 * On PostgreSQL all of it is one statement (data-modifying CTEs; foreign keys are checked at its end), one
 * round trip instead of seven; SQLite, in process, runs the same inserts in a transaction.
 */
export async function writePost(db: Db, fields: PostFields): Promise<WrittenPost> {
  const row = postRowOf(fields);
  const hashtags = hashtagsOf(row);
  if (dialectOf(db as never) === 'postgres') {
    return { post: row, author: await writeInOneStatement(db, row, fields.mentionIds, hashtags) };
  }
  return db.transaction().execute(async (trx) => {
    await trx.insertInto('posts').values(row).execute();
    if (fields.mentionIds.length > 0) {
      await trx
        .insertInto('post_mentions')
        .values(fields.mentionIds.map((citizenId) => ({ post_id: row.id, citizen_id: citizenId })))
        .execute();
    }
    await linkHashtags(trx, row.id, hashtags, fields.createdAt, countedOnTags(row));
    await deliverPost(trx, row);
    // Updated even when the post is not counted yet (author-count.ts): the statement answers the author.
    const author = await trx
      .updateTable('citizens')
      .set({ posts_count: sql`posts_count + ${authorStep(row)}` })
      .where('id', '=', fields.authorId)
      .returning(citizenSummaryColumns)
      .executeTakeFirstOrThrow();
    return { post: row, author };
  });
}

/** The hashtags a post's row names, as written by postRowOf. */
export const hashtagsOf = (row: Pick<PostRow, 'hashtags'>): string[] => JSON.parse(row.hashtags) as string[];

/** The row of a new post: a fresh id, its caption's hashtags, no likes yet. */
export function postRowOf(fields: PostFields): PostRow {
  const hashtags = extractHashtags(fields.caption);
  return {
    id: newId(fields.createdAt),
    author_id: fields.authorId,
    caption: fields.caption,
    mention_ids: JSON.stringify(fields.mentionIds),
    hashtags: JSON.stringify(hashtags),
    media_type: fields.mediaType,
    sharing: fields.sharing,
    status: fields.status,
    image_uri: fields.media?.imageUri ?? null,
    cover_image_uri: fields.media?.coverImageUri ?? null,
    video_uri: fields.media?.videoUri ?? null,
    hls_uri: null,
    renditions: JSON.stringify(fields.media?.renditions ?? []),
    placeholder: fields.media?.placeholder ?? null,
    width: fields.width ?? null,
    height: fields.height ?? null,
    alt_text: fields.altText ?? null,
    more_media: fields.moreMedia ?? '[]',
    external_link: fields.externalLink,
    likes_count: 0,
    comments_count: 0,
    created_at: fields.createdAt,
    updated_at: fields.createdAt,
    deleted_at: null,
    hidden_at: null,
    moderation_reason: null,
  };
}

/**
 * The post, its links and its counts in one statement (see writePost). Built and compiled once: building this
 * statement with Kysely cost about as much as the rest of creating a post on the server (17 % of its CPU).
 */
const writeInOneStatement = async (
  db: Db,
  row: PostRow,
  mentionIds: readonly string[],
  hashtags: readonly string[],
): Promise<CitizenSummaryRow> => {
  const [author] = await postStatement(db, row, mentionIds, hashtags.map(hashtagKey), hashtags);
  if (!author) throw new Error(`writePost: the author ${row.author_id} was not counted`);
  return author;
};

/** What the new post adds to each of its tags' counts: 1 when everyone may see it already, else 0 (hashtag-links.ts). */
const tagStep = (row: PostRow): number => (countedOnTags(row) ? 1 : 0);

const postStatementQuery = (
  db: Db,
  row: PostRow,
  mentionIds: readonly string[],
  keys: readonly string[],
  hashtags: readonly string[],
) =>
  db
    .with('post', (q) => q.insertInto('posts').values(row).returning('id'))
    .with('mentions', (q) =>
      q
        .insertInto('post_mentions')
        .columns(['post_id', 'citizen_id'])
        .expression(sql`select ${row.id}::uuid, unnest(${sql.val(mentionIds)}::uuid[])`),
    )
    .with('tags', (q) =>
      q
        .insertInto('hashtags')
        .columns(['name_key', 'name', 'posts_count', 'created_at'])
        .expression(
          sql`select key, name, ${tagStep(row)}::int, ${row.created_at}::bigint
              from unnest(${sql.val(keys)}::text[], ${sql.val(hashtags)}::text[]) as tag(key, name)
              order by key`,
        )
        // In the keys' order, like every writer of tags; a post not counted leaves existing tags untouched.
        .onConflict((conflict) =>
          tagStep(row) > 0
            ? conflict.column('name_key').doUpdateSet({
                posts_count: sql`hashtags.posts_count + excluded.posts_count`,
                name: nameFromFirstCounted(sql`excluded.name`),
              })
            : conflict.column('name_key').doNothing(),
        ),
    )
    .with('links', (q) =>
      q
        .insertInto('post_hashtags')
        .columns(['post_id', 'name_key'])
        .expression(sql`select ${row.id}::uuid, unnest(${sql.val(keys)}::text[])`),
    )
    // Into the timelines of its stream's readers (ADR 083).
    .with('timelines', (q) =>
      q.insertInto('following_timeline').columns(['reader_id', 'post_id']).expression(deliveryQuery(db, row)),
    )
    .updateTable('citizens')
    .set({ posts_count: sql`posts_count + ${authorStep(row)}::int` })
    .where('id', '=', row.author_id)
    .returning(citizenSummaryColumns);

const postStatement = precompiled({
  build: postStatementQuery,
  // Every post row has the same columns, in the same order (writePost writes them all); a counted post's tags
  // are updated, an uncounted one's only inserted.
  shape: (row) => (tagStep(row) > 0 ? 'counted post' : 'post'),
  parameters: (row, mentionIds, keys, hashtags) => [
    ...Object.values(row),
    row.id,
    mentionIds,
    tagStep(row),
    row.created_at,
    keys,
    hashtags,
    row.id,
    keys,
    ...deliveryParameters(row),
    authorStep(row),
    row.author_id,
  ],
});
