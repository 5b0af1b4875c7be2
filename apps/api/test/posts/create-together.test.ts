import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publish as publishPost } from '../../src/domains/posts/post-batches.js';
import { type Citizen, createTestApp, type TestApp } from '../support/harness.js';
import { statementsDuring } from '../support/statements.js';

// Posts that arrive together are written together on PostgreSQL (domains/posts/post-batches.ts, ADR 036):
// each must come out as if it had been written alone, with its links and counts.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/users/v7/creators-content';

/** Tokens whose sessions the server has seen (a returning client's): their posts then arrive in one turn. */
async function returning(authors: readonly Citizen[]): Promise<Map<string, string>> {
  const tokens = new Map<string, string>();
  for (const author of authors) {
    const token = await t.tokenFor(author);
    const res = await t.request({ method: 'GET', url: '/api/users/influencers/me', as: token });
    expect(res.statusCode, res.body).toBe(200);
    tokens.set(author.id, token);
  }
  return tokens;
}

const publish = (token: string | undefined, caption: string, mentionRequest: string[] = []) =>
  t.request({
    method: 'POST',
    url,
    as: token,
    payload: { mediaType: 'image', caption, mentionRequest, sharingOptions: 'public' },
  });

describe('posts that arrive together', () => {
  it('each get their own post, links and counts: shared and new hashtags, mentions, two by one author', async () => {
    const [ana, ben, cyd] = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const tokens = await returning([ana, ben, cyd]);
    const carol = t.world.citizens.carol.id;

    const result = await Promise.all([
      publish(tokens.get(ana.id), 'Harbour at dawn #TogetherTag #ana_only', [carol]),
      publish(tokens.get(ben.id), 'Same light #togethertag'),
      publish(tokens.get(cyd.id), 'Nothing tagged, @bob named'),
      publish(tokens.get(ana.id), 'A second one #TOGETHERTAG'),
    ]);
    for (const res of result) expect(res.statusCode, res.body).toBe(201);
    const [first, second, third, fourth] = result.map((res) => res.json());
    expect(first.author.username).toBe(ana.username);
    expect(first.hashtags).toEqual(['TogetherTag', 'ana_only']);
    expect(first.caption.mentions.map((m: { username: string }) => m.username)).toEqual(['carol']);
    expect(second.author.username).toBe(ben.username);
    expect(third.caption.mentions.map((m: { username: string }) => m.username)).toEqual(['bob']);
    expect(fourth.author.username).toBe(ana.username);
    expect(new Set([first.id, second.id, third.id, fourth.id]).size).toBe(4);
    // Whether these four met on the line depends on when each got there (a loaded machine spreads them); that the
    // line writes together what meets on it is the next test's, which reaches it in one turn.

    const db = t.ctx.db;
    const tags = await db
      .selectFrom('hashtags')
      .select(['name_key', 'name', 'posts_count'])
      .where('name_key', 'in', ['togethertag', 'ana_only'])
      .orderBy('name_key')
      .execute();
    // Named, and counted on none yet: a tag counts posts once their media is out (hashtag-counts.test.ts).
    expect(tags.map((tag) => [tag.name_key, tag.posts_count])).toEqual([
      ['ana_only', 0],
      ['togethertag', 0],
    ]);
    const links = await db
      .selectFrom('post_hashtags')
      .select('post_id')
      .where('name_key', '=', 'togethertag')
      .execute();
    expect(links.map((link) => link.post_id).sort()).toEqual([first.id, second.id, fourth.id].sort());
    const counts = await db
      .selectFrom('citizens')
      .select(['id', 'posts_count'])
      .where('id', 'in', [ana.id, ben.id, cyd.id])
      .execute();
    // Drafts, counted on their authors once their media arrives (ADR 064); the authors were still answered.
    expect(new Map(counts.map((row) => [row.id, row.posts_count]))).toEqual(
      new Map([
        [ana.id, 0],
        [ben.id, 0],
        [cyd.id, 0],
      ]),
    );
    // What a later read shows is what the answer said.
    const read = await t.request({
      method: 'GET',
      url: `/api/content/v1/creators-content/${first.id}`,
      as: tokens.get(ana.id),
    });
    expect(read.json().caption).toEqual(first.caption);
  });

  it('writes posts that reach the line in one turn together on PostgreSQL, each with its links', async () => {
    const authors = [await t.newCitizen(), await t.newCitizen(), await t.newCitizen()];
    const fields = authors.map((author, i) => ({
      authorId: author.id,
      caption: `One turn ${i} #oneturn`,
      mentionIds: [],
      mediaType: 'image' as const,
      sharing: 'public' as const,
      status: 'awaiting_upload' as const,
      externalLink: null,
      createdAt: Date.now(),
    }));
    const { result, statements } = await statementsDuring(t.ctx.db, () =>
      Promise.all(fields.map((post) => publishPost(t.ctx, post))),
    );
    expect(result.map((written) => written.post.author_id)).toEqual(authors.map((author) => author.id));
    // The batch's statement is run by its own executor and is not among those seen; a post written alone is (the
    // line's fallback, should the batch fail: it did when the table gained columns the batch filled with nulls).
    const alone = statements.filter((text) => /insert into "?posts"?/i.test(text));
    if (t.ctx.dialect === 'postgres') expect(alone).toEqual([]);
    const links = await t.ctx.db
      .selectFrom('post_hashtags')
      .select('post_id')
      .where('name_key', '=', 'oneturn')
      .execute();
    expect(links.map((link) => link.post_id).sort()).toEqual(result.map((written) => written.post.id).sort());
  });

  it("answers a post whose author is gone with 401, and writes the others' beside it", async () => {
    const [kept, gone] = [await t.newCitizen(), await t.newCitizen()];
    const tokens = await returning([kept, gone]);
    await t.ctx.db.deleteFrom('citizens').where('id', '=', gone.id).execute();

    const [ok, refused] = await Promise.all([
      publish(tokens.get(kept.id), 'Still here #stillhere'),
      publish(tokens.get(gone.id), 'Not here #stillhere'),
    ]);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(refused.statusCode, refused.body).toBe(401);
    const links = await t.ctx.db
      .selectFrom('post_hashtags')
      .select('post_id')
      .where('name_key', '=', 'stillhere')
      .execute();
    expect(links).toEqual([{ post_id: ok.json().id }]);
    const posts = await t.ctx.db
      .selectFrom('posts')
      .select('author_id')
      .where('author_id', 'in', [kept.id, gone.id])
      .execute();
    expect(posts).toEqual([{ author_id: kept.id }]);
  });
});
