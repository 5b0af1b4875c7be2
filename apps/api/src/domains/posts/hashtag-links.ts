import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { hashtagKey } from './caption.js';
import { isSeenByEveryone, type PostFacts } from './visibility.js';

/**
 * A tag's `posts_count` counts the posts everyone may see under it (`isSeenByEveryone`, posts/visibility.ts: today
 * public, ready, not deleted and not hidden by a moderator; a suspended author's posts are taken off by the
 * suspension itself, ADR 070). A friends-only post, or one still a draft, processing or failed, is linked to
 * its tags (the author's own views and the hashtag feed's filter read the links) but counted on none, so the
 * hashtag list never names a tag that only a private or unpublished caption carries. Asked of a live post, as it
 * is written, published or re-captioned, or as it stood just before it was deleted (deleting takes it off).
 */
export const countedOnTags = (live: Omit<PostFacts, 'deleted_at'>): boolean =>
  isSeenByEveryone({
    author_id: live.author_id,
    sharing: live.sharing,
    status: live.status,
    deleted_at: null,
    hidden_at: live.hidden_at,
  });

/** A post's tags in the order of their keys: every writer locks tag rows in this one order (no deadlocks). */
const inKeyOrder = (tags: readonly string[]) =>
  tags.map((name) => ({ key: hashtagKey(name), name })).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));

/**
 * A tag is named as the first post counted under it spells it: a row made by a friends-only post or a draft
 * (count 0) takes the spelling of the first post everyone may see, so no private spelling is ever shown.
 */
export const nameFromFirstCounted = (proposed: RawBuilder<string>) =>
  sql<string>`case when hashtags.posts_count = 0 then ${proposed} else hashtags.name end`;

/**
 * Links a post to its hashtags, counting it on each when `counted` (inside the caller's transaction). A post not
 * counted touches no existing tag row (`do nothing`), so drafts never wait on a tag another post is counted on.
 */
export async function linkHashtags(
  trx: Db,
  postId: string,
  tags: readonly string[],
  now: number,
  counted: boolean,
): Promise<void> {
  for (const { key, name } of inKeyOrder(tags)) {
    await trx
      .insertInto('hashtags')
      .values({ name_key: key, name, posts_count: counted ? 1 : 0, created_at: now })
      .onConflict((conflict) =>
        counted
          ? conflict.column('name_key').doUpdateSet({
              posts_count: sql`hashtags.posts_count + 1`,
              name: nameFromFirstCounted(sql`excluded.name`),
            })
          : conflict.column('name_key').doNothing(),
      )
      .execute();
  }
  if (tags.length > 0) {
    await trx
      .insertInto('post_hashtags')
      .values(tags.map((tag) => ({ post_id: postId, name_key: hashtagKey(tag) })))
      .execute();
  }
}

/** Removes a post's hashtag links, taking it off each tag's count when it was `counted`. */
export async function unlinkHashtags(trx: Db, postId: string, counted: boolean): Promise<void> {
  if (counted) {
    const linked = await trx
      .selectFrom('post_hashtags')
      .select('name_key')
      .where('post_id', '=', postId)
      .orderBy('name_key')
      .execute();
    for (const { name_key } of linked) {
      await trx
        .updateTable('hashtags')
        .set({ posts_count: sql`case when posts_count > 0 then posts_count - 1 else 0 end` })
        .where('name_key', '=', name_key)
        .execute();
    }
  }
  await trx.deleteFrom('post_hashtags').where('post_id', '=', postId).execute();
}

/** Counts a post on each of its tags (as its caption spells them): everyone may see it now (`countedOnTags`). */
export async function countOnHashtags(trx: Db, tags: readonly string[]): Promise<void> {
  for (const { key, name } of inKeyOrder(tags)) {
    await trx
      .updateTable('hashtags')
      .set({ posts_count: sql`posts_count + 1`, name: nameFromFirstCounted(sql.val(name)) })
      .where('name_key', '=', key)
      .execute();
  }
}

export async function replaceMentions(trx: Db, postId: string, citizenIds: readonly string[]): Promise<void> {
  await trx.deleteFrom('post_mentions').where('post_id', '=', postId).execute();
  if (citizenIds.length > 0) {
    await trx
      .insertInto('post_mentions')
      .values(citizenIds.map((citizenId) => ({ post_id: postId, citizen_id: citizenId })))
      .execute();
  }
}
