import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paths } from '../support/calls.js';
import { createTestApp, guest, machine, type TestApp, unknownId } from '../support/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reading a post', () => {
  it('shows a public post to any citizen and to a machine token through sharing', async () => {
    const id = await t.newPost({ authorId: t.world.citizens.alice.id, caption: 'Hello #World' });
    const asCarol = await t.request({ method: 'GET', url: paths.post(id), as: 'carol' });
    expect(asCarol.statusCode).toBe(200);
    expect(asCarol.json()).toMatchObject({ id, hashtags: ['World'], author: { username: 'alice' } });
    const asMachine = await t.request({ method: 'GET', url: paths.sharedPost(id), as: machine('content') });
    expect(asMachine.statusCode).toBe(200);
  });

  it('hides a private post from non-friends (404) and shows it to the author and friends', async () => {
    // alice and bob are friends in the demo graph; alice and erin are not.
    const id = await t.newPost({ authorId: t.world.citizens.alice.id, sharing: 'private' });
    expect((await t.request({ method: 'GET', url: paths.post(id), as: 'alice' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: paths.post(id), as: 'bob' })).statusCode).toBe(200);
    const asErin = await t.request({ method: 'GET', url: paths.post(id), as: 'erin' });
    expect(asErin.statusCode).toBe(404);
    expect(asErin.json().code).toBe('POST_NOT_FOUND');
    expect((await t.request({ method: 'GET', url: paths.sharedPost(id), as: machine('content') })).statusCode).toBe(
      404,
    );
  });

  it('shows a post still awaiting its upload to its author only', async () => {
    const id = await t.newPost({ authorId: t.world.citizens.bob.id, status: 'awaiting_upload' });
    expect((await t.request({ method: 'GET', url: paths.post(id), as: 'bob' })).statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: paths.post(id), as: 'alice' })).statusCode).toBe(404);
  });

  it('answers malformed and unknown ids clearly', async () => {
    const malformed = await t.request({ method: 'GET', url: paths.post('not-a-uuid'), as: 'alice' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details[0].path).toBe('params.id');
    const unknown = await t.request({
      method: 'GET',
      url: paths.post(unknownId),
      as: 'alice',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('refuses the sharing read without the content scope or with a citizen token', async () => {
    const id = await t.newPost({ authorId: t.world.citizens.alice.id });
    expect((await t.request({ method: 'GET', url: paths.sharedPost(id), as: machine('social') })).json().code).toBe(
      'MISSING_SCOPE',
    );
    expect((await t.request({ method: 'GET', url: paths.sharedPost(id), as: 'alice' })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: paths.sharedPost(id), as: guest })).statusCode).toBe(403);
  });
});

describe('status, caption and delete', () => {
  it('reports the processing status to the author only', async () => {
    const id = await t.newPost({ authorId: t.world.citizens.carol.id, status: 'processing' });
    const own = await t.request({ method: 'GET', url: paths.postStatus(id), as: 'carol' });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id, status: 'processing', mediaType: 'image' });
    expect((await t.request({ method: 'GET', url: paths.postStatus(id), as: 'dave' })).statusCode).toBe(404);
  });

  it('edits a caption, re-resolving mentions and hashtags', async () => {
    const author = await t.newCitizen();
    const id = await t.newPost({ authorId: author.id, caption: 'old #before' });
    const res = await t.request({
      method: 'POST',
      url: paths.caption(id),
      as: author,
      headers: { 'x-api-version': '4.0' },
      payload: { caption: 'new words for @alice #after', mentionRequest: [t.world.citizens.bob.id] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      caption: {
        content: 'new words for @alice #after',
        mentions: [
          { id: t.world.citizens.bob.id, username: 'bob', displayName: 'Bob Baker' },
          { id: t.world.citizens.alice.id, username: 'alice', displayName: 'Alice Archer' },
        ],
      },
      mentionRequest: [t.world.citizens.bob.id, t.world.citizens.alice.id],
      hashtags: ['after'],
    });
    const tags = await t.ctx.db
      .selectFrom('hashtags')
      .select(['name_key', 'posts_count'])
      .where('name_key', 'in', ['before', 'after'])
      .orderBy('name_key')
      .execute();
    expect(tags).toEqual([
      { name_key: 'after', posts_count: 1 },
      { name_key: 'before', posts_count: 0 },
    ]);
  });

  it('lets only the author edit or delete, and deletion removes the post everywhere', async () => {
    const alice = t.world.citizens.alice.id;
    const id = await t.newPost({ authorId: alice, caption: 'to be removed #gone' });
    const byBob = await t.request({
      method: 'DELETE',
      url: paths.ownPost(id),
      as: 'bob',
      headers: { 'x-api-version': '3.0' },
    });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().code).toBe('NOT_YOUR_POST');
    const editByBob = await t.request({
      method: 'POST',
      url: paths.caption(id),
      as: 'bob',
      payload: { caption: 'mine now' },
    });
    expect(editByBob.statusCode).toBe(403);

    const deleted = await t.request({
      method: 'DELETE',
      url: paths.ownPost(id),
      as: 'alice',
      headers: { 'x-api-version': '3.0' },
    });
    expect(deleted.statusCode).toBe(204);
    expect((await t.request({ method: 'GET', url: paths.post(id), as: 'alice' })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: paths.ownPost(id), as: 'alice' })).statusCode).toBe(404);
    const tag = await t.ctx.db
      .selectFrom('hashtags')
      .select('posts_count')
      .where('name_key', '=', 'gone')
      .executeTakeFirst();
    expect(tag?.posts_count).toBe(0);
  });

  it('refuses an unknown X-API-Version with a 400 naming the supported one', async () => {
    const id = await t.newPost({ authorId: t.world.citizens.alice.id });
    const res = await t.request({
      method: 'DELETE',
      url: paths.ownPost(id),
      as: 'alice',
      headers: { 'x-api-version': '9.9' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_API_VERSION' });
    expect(res.json().message).toContain('3.0');
  });
});
