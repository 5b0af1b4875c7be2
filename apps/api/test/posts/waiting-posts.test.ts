import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpiredUploads } from '../../src/domains/media/sweep-uploads.js';
import { sweepWaitingPosts } from '../../src/domains/posts/sweep-waiting-posts.js';
import { paths } from '../support/calls.js';
import { type Citizen, createTestApp, type TestApp } from '../support/harness.js';
import { solidImage } from '../support/media-files.js';
import { createDraft, type Initiated, initiate, statusOf, uploadWhole } from '../support/upload-client.js';
import { halfWrites } from '../support/world-state.js';

// A post awaiting its upload is a draft (ADR 064): it counts nowhere, and the server removes it once its upload
// has not come for UPLOAD_EXPIRY_MS.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const myPostsCount = async (who: Citizen) =>
  (await t.request({ method: 'GET', url: paths.me, as: who })).json().postsCount as number;

const remove = async (who: Citizen, postId: string) => {
  const res = await t.request({
    method: 'DELETE',
    url: paths.ownPost(postId),
    as: who,
    headers: { 'x-api-version': '3.0' },
  });
  expect(res.statusCode).toBe(204);
};

/** Runs `sweep` as if `ms` more had passed since now. */
async function later<T>(ms: number, sweep: () => Promise<T>): Promise<T> {
  const realNow = t.ctx.now;
  t.ctx.now = () => realNow() + ms;
  try {
    return await sweep();
  } finally {
    t.ctx.now = realNow;
  }
}

describe('a post awaiting its upload', () => {
  it('counts in no total until its media arrives, and a refused file changes nothing', async () => {
    const author = await t.newCitizen();
    await t.newPost({ authorId: author.id, caption: 'already out' });
    expect(await myPostsCount(author)).toBe(1);

    const draft = await createDraft(t, author, { caption: 'soon #waitingtag' });
    expect(await myPostsCount(author)).toBe(1);
    expect(await halfWrites(t.ctx.db)).toEqual([]);

    const refused = await uploadWhole(t, author, draft.id, 'image-upload', Buffer.from('not a picture '.repeat(50)));
    expect(refused.completed.statusCode).toBe(415);
    expect(await myPostsCount(author)).toBe(1);

    const { completed } = await uploadWhole(
      t,
      author,
      draft.id,
      'image-upload',
      await solidImage(64, 48).jpeg().toBuffer(),
    );
    expect(completed.statusCode, completed.body).toBe(202);
    expect(await myPostsCount(author)).toBe(2);
    expect(await halfWrites(t.ctx.db)).toEqual([]);

    // Deleting a draft takes nothing off; deleting the counted post takes it off.
    const other = await createDraft(t, author);
    await remove(author, other.id);
    expect(await myPostsCount(author)).toBe(2);
    await remove(author, draft.id);
    expect(await myPostsCount(author)).toBe(1);
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });

  it('is removed once its upload has not come for UPLOAD_EXPIRY_MS; one being uploaded, or published, stays', async () => {
    const author = await t.newCitizen();
    const expiry = t.ctx.config.UPLOAD_EXPIRY_MS;
    const abandoned = await createDraft(t, author, { caption: 'never sent #sweptTag' });
    const uploading = await createDraft(t, author);
    const photo = await solidImage(64, 48).jpeg().toBuffer();
    const open: Initiated = (
      await initiate(t, author, uploading.id, 'image-upload', { fileSize: photo.length })
    ).json();
    const published = await createDraft(t, author);
    expect((await uploadWhole(t, author, published.id, 'image-upload', photo)).completed.statusCode).toBe(202);

    expect(await sweepWaitingPosts(t.ctx)).toBe(0); // not yet expired
    expect(await later(expiry + 1, () => sweepWaitingPosts(t.ctx))).toBe(1);
    expect((await statusOf(t, author, abandoned.id)).statusCode).toBe(404);
    expect((await statusOf(t, author, uploading.id)).json().status).toBe('awaiting_upload');
    expect((await statusOf(t, author, published.id)).statusCode).toBe(200);
    const links = await t.ctx.db
      .selectFrom('post_hashtags')
      .select('post_id')
      .where('post_id', '=', abandoned.id)
      .execute();
    expect(links).toEqual([]);

    // The open upload expires after its own UPLOAD_EXPIRY_MS; then its post goes at the next sweep.
    expect(await later(2 * expiry + 1, () => sweepExpiredUploads(t.ctx))).toBe(1);
    expect(await later(2 * expiry + 1, () => sweepWaitingPosts(t.ctx))).toBe(1);
    expect((await statusOf(t, author, uploading.id)).statusCode).toBe(404);
    expect(await readdir(join(t.ctx.config.DATA_DIR, 'uploads')).catch(() => [])).not.toContain(open.uploadId);
    expect(await myPostsCount(author)).toBe(1);
    expect(await halfWrites(t.ctx.db)).toEqual([]);
  });
});
