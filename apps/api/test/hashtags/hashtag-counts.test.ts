import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { up as recountHashtags } from '../../src/db/migrations/009-hashtags-count-what-everyone-sees.js';
import { provideAppWithMediaWorker } from '../support/app-with-worker.js';
import { deletePost, editCaption } from '../support/calls.js';
import type { TestApp } from '../support/harness.js';
import { jpegWithGps } from '../support/media-files.js';
import { uniquePrefix } from '../support/people.js';
import { createDraft, settledStatus, uploadWhole } from '../support/upload-client.js';

// The demo world (alice, bob) and a media worker: posts here are published as a citizen publishes them.
let t: TestApp;
provideAppWithMediaWorker((app) => {
  t = app;
});

/** What the hashtag picker shows bob for a search: tag names with their counts. */
async function listedFor(search: string): Promise<Record<string, number>> {
  const res = await t.request({ method: 'GET', url: `/api/users/hashtags?search=${search}`, as: 'bob' });
  expect(res.statusCode, res.body).toBe(200);
  const body: { data: { name: string; postsCount: number }[]; total: number } = res.json();
  expect(body.total).toBe(body.data.length);
  return Object.fromEntries(body.data.map((tag) => [tag.name, tag.postsCount]));
}

async function publish(caption: string, sharingOptions: 'public' | 'private') {
  const draft = await createDraft(t, 'alice', { caption, sharingOptions, altText: 'A field' });
  return {
    id: draft.id,
    async upload() {
      const { completed } = await uploadWhole(t, 'alice', draft.id, 'image-upload', await jpegWithGps(), 'image/jpeg');
      expect(completed.statusCode, completed.body).toBe(202);
      expect(await settledStatus(t, 'alice', draft.id)).toMatchObject({ status: 'ready' });
    },
  };
}

/** Every tag's stored count against a recount of the posts everyone may see; and no deleted post keeps links. */
async function expectCountsTrue() {
  const wrong = await sql<{ n: number }>`
    select count(*) as n from hashtags h where posts_count <> (
      select count(*) from post_hashtags l join posts p on p.id = l.post_id
      where l.name_key = h.name_key and p.sharing = 'public' and p.status = 'ready' and p.deleted_at is null)`.execute(
    t.ctx.db,
  );
  expect(Number(wrong.rows[0]?.n)).toBe(0);
  const linkedDeleted = await sql<{ n: number }>`
    select count(*) as n from post_hashtags l join posts p on p.id = l.post_id where p.deleted_at is not null`.execute(
    t.ctx.db,
  );
  expect(Number(linkedDeleted.rows[0]?.n)).toBe(0);
}

describe('hashtag counts: only what everyone may see', () => {
  it('never names a tag that only friends-only posts carry, and counts only the public ones', async () => {
    const p = uniquePrefix();
    const author = t.world.citizens.alice.id;
    await t.newPost({ authorId: author, caption: `#${p}Secret and #${p}Shared`, sharing: 'private' });
    await t.newPost({ authorId: author, caption: `#${p}Shared`, sharing: 'public' });
    expect(await listedFor(p)).toEqual({ [`${p}Shared`]: 1 });
    await expectCountsTrue();
  });

  it("counts a draft's tags once its media is published, moves them with a caption edit, and drops them on delete", async () => {
    const p = uniquePrefix();
    const post = await publish(`Morning #${p}fresh`, 'public');
    expect(await listedFor(p)).toEqual({});
    await post.upload();
    expect(await listedFor(p)).toEqual({ [`${p}fresh`]: 1 });
    await editCaption(t, post.id, 'alice', `Evening #${p}later`);
    expect(await listedFor(p)).toEqual({ [`${p}later`]: 1 });
    await deletePost(t, post.id, 'alice');
    expect(await listedFor(p)).toEqual({});
    await expectCountsTrue();
  });

  it('keeps a published friends-only post, and its caption edits, out of every count', async () => {
    const p = uniquePrefix();
    const post = await publish(`Just us #${p}party`, 'private');
    await post.upload();
    expect(await listedFor(p)).toEqual({});
    await editCaption(t, post.id, 'alice', `Still just us #${p}party #${p}cake`);
    expect(await listedFor(p)).toEqual({});
    await t.newPost({ authorId: t.world.citizens.alice.id, caption: `#${p}cake for all` });
    expect(await listedFor(p)).toEqual({ [`${p}cake`]: 1 });
    await deletePost(t, post.id, 'alice');
    expect(await listedFor(p)).toEqual({ [`${p}cake`]: 1 });
    await expectCountsTrue();
  });

  it('spells a tag as the first post everyone may see does, not as a friends-only post did', async () => {
    const p = uniquePrefix();
    const author = t.world.citizens.alice.id;
    await t.newPost({ authorId: author, caption: `#${p}SecretSpelling`, sharing: 'private' });
    await t.newPost({ authorId: author, caption: `#${p}secretspelling` });
    expect(await listedFor(p)).toEqual({ [`${p}secretspelling`]: 1 });
    const draft = await publish(`#${p}DraftSpelling`, 'public');
    await t.newPost({ authorId: author, caption: `#${p}draftspelling` });
    expect(await listedFor(`${p}draft`)).toEqual({ [`${p}draftspelling`]: 1 });
    await draft.upload();
    expect(await listedFor(`${p}draft`)).toEqual({ [`${p}draftspelling`]: 2 });
    await expectCountsTrue();
  });

  it('keeps the counts true when a caption edit and a delete of the same post race', async () => {
    const p = uniquePrefix();
    for (let round = 0; round < 8; round++) {
      const id = await t.newPost({ authorId: t.world.citizens.alice.id, caption: `#${p}before${round}` });
      const [edited, deleted] = await Promise.all([
        t.request({
          method: 'POST',
          url: `/api/users/creators-content/${id}/caption`,
          as: 'alice',
          headers: { 'x-api-version': '4.0' },
          payload: { caption: `#${p}after${round}` },
        }),
        t.request({ method: 'DELETE', url: `/api/users/creators-content/${id}`, as: 'alice' }),
      ]);
      expect([200, 404]).toContain(edited.statusCode);
      expect(deleted.statusCode).toBe(204);
    }
    expect(await listedFor(p)).toEqual({});
    await expectCountsTrue();
  });

  it('does not count a draft deleted before its media arrived', async () => {
    const p = uniquePrefix();
    const post = await publish(`Never sent #${p}draft`, 'public');
    await deletePost(t, post.id, 'alice');
    await t.newPost({ authorId: t.world.citizens.alice.id, caption: `#${p}draft` });
    expect(await listedFor(p)).toEqual({ [`${p}draft`]: 1 });
    await expectCountsTrue();
  });
});

describe('migration 009', () => {
  it('recounts tags counted the old way (every linked post) as the posts everyone may see', async () => {
    const p = uniquePrefix();
    const author = t.world.citizens.alice.id;
    await t.newPost({ authorId: author, caption: `#${p}mixed #${p}hidden`, sharing: 'private' });
    await t.newPost({ authorId: author, caption: `#${p}mixed`, status: 'processing' });
    await t.newPost({ authorId: author, caption: `#${p}mixed #${p}open` });
    // As an earlier build counted: every linked post, whatever its sharing or status.
    await sql`update hashtags set posts_count = (select count(*) from post_hashtags where post_hashtags.name_key = hashtags.name_key)`.execute(
      t.ctx.db,
    );
    expect(await listedFor(p)).toEqual({ [`${p}mixed`]: 3, [`${p}hidden`]: 1, [`${p}open`]: 1 });
    await recountHashtags(t.ctx.db as never);
    expect(await listedFor(p)).toEqual({ [`${p}mixed`]: 1, [`${p}open`]: 1 });
  });
});
