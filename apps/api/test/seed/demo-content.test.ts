import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMediaWorker } from '../../src/domains/media/media-worker.js';
import { mediaFileOf, mediaRoot } from '../../src/media/media-store.js';
import { type DemoContentSummary, demoNames, seedDemoContent } from '../../src/seed/demo.js';
import { demoPosts } from '../../src/seed/demo-posts.js';
import { createTestApp, guest, type TestApp } from '../support/harness.js';

let t: TestApp;
let summary: DemoContentSummary;
beforeAll(async () => {
  t = await createTestApp();
  summary = await seedDemoContent(t.ctx, t.world);
});
afterAll(() => t.close());

const fileOf = (uri: string | null) => {
  const file = uri ? mediaFileOf(t.ctx.config.DATA_DIR, uri) : null;
  if (!file) throw new Error(`not a stored media URI: ${uri}`);
  return file;
};

describe('seedDemoContent', () => {
  it('gives every demo citizen a real profile picture and cover', async () => {
    const citizens = await t.ctx.db
      .selectFrom('citizens')
      .select(['username', 'profile_picture_uri', 'cover_picture_uri'])
      .where('username_key', 'in', [...demoNames])
      .execute();
    expect(citizens).toHaveLength(demoNames.length);
    for (const citizen of citizens) {
      const avatar = await sharp(fileOf(citizen.profile_picture_uri)).metadata();
      const cover = await sharp(fileOf(citizen.cover_picture_uri)).metadata();
      expect([avatar.format, avatar.width, avatar.height]).toEqual(['jpeg', 400, 400]);
      expect([cover.format, cover.width, cover.height]).toEqual(['jpeg', 1500, 500]);
    }
  });

  it('writes post images that read back with the stored width and height', async () => {
    const posts = await t.ctx.db
      .selectFrom('posts')
      .select(['image_uri', 'width', 'height', 'alt_text', 'status', 'renditions', 'placeholder'])
      .where(
        'author_id',
        'in',
        demoNames.map((name) => t.world.citizens[name].id),
      )
      .where('media_type', '=', 'image')
      .execute();
    expect(posts).toHaveLength(demoPosts.length);
    expect(summary.posts).toBe(demoPosts.length);
    for (const post of posts) {
      const image = await sharp(fileOf(post.image_uri)).metadata();
      expect({ format: image.format, width: image.width, height: image.height }).toEqual({
        format: 'jpeg',
        width: post.width,
        height: post.height,
      });
      expect(post.width).toBe(1080);
      // Made by the upload pipeline: WebP renditions for srcset and a placeholder.
      const renditions = JSON.parse(post.renditions) as { width: number; uri: string }[];
      expect(renditions.map((rendition) => rendition.width)).toEqual([320, 640, 1080]);
      for (const rendition of renditions) expect((await sharp(fileOf(rendition.uri)).metadata()).format).toBe('webp');
      expect(post.placeholder).toMatch(/^data:image\/webp;base64,/);
      expect(post.alt_text?.length).toBeGreaterThan(10);
      expect(post.status).toBe('ready');
    }
  });

  it('publishes a demo album: its later pictures in order, each made as an upload is, served in the post', async () => {
    const albumPosts = demoPosts.filter((post) => (post.album ?? []).length > 0);
    expect(albumPosts.length).toBeGreaterThan(0);
    const rows = await t.ctx.db.selectFrom('posts').select(['id', 'caption']).where('more_media', '!=', '[]').execute();
    expect(rows.map((row) => row.caption).sort()).toEqual(albumPosts.map((post) => post.caption).sort());
    for (const row of rows) {
      const expected = albumPosts.find((post) => post.caption === row.caption)?.album ?? [];
      const res = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${row.id}`, as: 'bob' });
      expect(res.statusCode, res.body).toBe(200);
      const { moreMedia } = res.json() as { moreMedia: { mediaType: string; media: Record<string, unknown> }[] };
      expect(moreMedia.map((item) => item.media.altText)).toEqual(expected.map((item) => item.altText));
      for (const { mediaType, media } of moreMedia) {
        expect(mediaType).toBe('image');
        expect(media.status).toBe('ready');
        const image = await sharp(fileOf(media.imageUri as string)).metadata();
        expect([image.format, image.width, image.height]).toEqual(['jpeg', media.width, media.height]);
        const renditions = media.renditions as { width: number; uri: string }[];
        expect(renditions.map((rendition) => rendition.width)).toEqual([320, 640, 1080]);
        expect(media.placeholder).toMatch(/^data:image\/webp;base64,/);
      }
      // Each item has files of its own beside the first picture's.
      const uris = [...moreMedia.map((item) => item.media.imageUri)];
      expect(new Set(uris).size).toBe(uris.length);
    }
  });

  it('writes the demo comments and replies through the one writer, threads in order and counted', async () => {
    const expected = demoPosts.reduce(
      (sum, post) =>
        sum + (post.comments ?? []).reduce((threads, comment) => threads + 1 + (comment.replies?.length ?? 0), 0),
      0,
    );
    expect(summary.comments).toBe(expected);
    expect(expected).toBeGreaterThan(5);
    const first = await t.ctx.db
      .selectFrom('posts')
      .select('id')
      .where('caption', 'like', 'First light over the fells%')
      .executeTakeFirstOrThrow();
    const page = await t.request({
      method: 'GET',
      url: `/api/content/v1/creators-content/${first.id}/comments`,
      as: guest,
    });
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.commentsCount).toBe(4);
    expect(body.data.map((item: { author: { username: string } }) => item.author.username)).toEqual([
      'bob',
      'alice',
      'grace',
      'heidi',
    ]);
    expect(body.data[1]).toMatchObject({ parentId: body.data[0].id, text: { mentions: [{ username: 'bob' }] } });
  });

  it('publishes a demo video through the upload pipeline: a worker makes its MP4, HLS and cover', async () => {
    expect(summary.videos).toBe(1);
    const video = await t.ctx.db
      .selectFrom('posts')
      .select(['id', 'status'])
      .where('media_type', '=', 'video')
      .executeTakeFirstOrThrow();
    expect(video.status).toBe('processing');
    const worker = startMediaWorker(t.ctx, () => {});
    try {
      for (let tries = 0; tries < 300; tries += 1) {
        const { status } = await t.ctx.db
          .selectFrom('posts')
          .select('status')
          .where('id', '=', video.id)
          .executeTakeFirstOrThrow();
        if (status !== 'processing') break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await worker.stop();
    }
    const res = await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${video.id}`, as: 'alice' });
    expect(res.json().media).toMatchObject({
      status: 'ready',
      width: 640,
      height: 360,
      hlsUri: expect.stringMatching(/master\.m3u8$/),
      videoUri: expect.stringMatching(/\.mp4$/),
      coverImageUri: expect.stringMatching(/\.jpeg$/),
    });
  });

  it('keeps like counters equal to the likes, and likes private posts only among friends', async () => {
    const posts = await t.ctx.db
      .selectFrom('posts')
      .leftJoin('likes', 'likes.post_id', 'posts.id')
      .select(['posts.id', 'posts.likes_count', (eb) => eb.fn.count<number>('likes.citizen_id').as('likes')])
      .groupBy(['posts.id', 'posts.likes_count'])
      .execute();
    expect(posts.every((post) => post.likes_count === Number(post.likes))).toBe(true);
    expect(posts.reduce((sum, post) => sum + post.likes_count, 0)).toBe(summary.likes);
    const strangersOnPrivate = await t.ctx.db
      .selectFrom('likes')
      .innerJoin('posts', 'posts.id', 'likes.post_id')
      .leftJoin('friendships', (join) =>
        join
          .onRef('friendships.citizen_id', '=', 'posts.author_id')
          .onRef('friendships.friend_id', '=', 'likes.citizen_id'),
      )
      .select('likes.post_id')
      .where('posts.sharing', '=', 'private')
      .where('friendships.friend_id', 'is', null)
      .execute();
    expect(strangersOnPrivate).toEqual([]);
  });

  it('curates public posts onto the stages of GB, DE, FR, ES, IT and IN', async () => {
    const staged = await t.ctx.db
      .selectFrom('stage_entries')
      .innerJoin('posts', 'posts.id', 'stage_entries.post_id')
      .select(['stage_entries.country', 'posts.sharing'])
      .execute();
    expect(new Set(staged.map((entry) => entry.country))).toEqual(new Set(['GB', 'DE', 'FR', 'ES', 'IT', 'IN']));
    expect(staged.every((entry) => entry.sharing === 'public')).toBe(true);
    const res = await t.request({ method: 'GET', url: '/api/content/v9/feed/eight-stage?country=IN', as: guest });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const posts = body.posts ?? body.data;
    expect(posts.length).toBeGreaterThan(0);
    // Where an upload's picture would be: the post's own folder, one run of it (ADR 075).
    expect(posts[0].media.imageUri).toMatch(new RegExp(`^/media/posts/${posts[0].id}/[0-9a-f]{12}/image-`));
  });

  it('resolves @mentions and #hashtags written in the captions', async () => {
    const mentions = await t.ctx.db.selectFrom('post_mentions').select('citizen_id').execute();
    expect(mentions.length).toBeGreaterThanOrEqual(8);
    const tag = await t.ctx.db.selectFrom('hashtags').selectAll().where('name_key', '=', 'berlin').executeTakeFirst();
    expect(tag?.posts_count).toBe(2);
  });
});

describe('GET /media/...', () => {
  const someImage = async () => {
    const post = await t.ctx.db
      .selectFrom('posts')
      .select('image_uri')
      .where('sharing', '=', 'public')
      .where('media_type', '=', 'image')
      .limit(1)
      .executeTakeFirstOrThrow();
    return post.image_uri as string;
  };

  it("serves a demo friends-only picture to the author's friends only (ADR 075)", async () => {
    const post = await t.ctx.db
      .selectFrom('posts')
      .select(['image_uri', 'author_id'])
      .where('sharing', '=', 'private')
      .where('author_id', '=', t.world.citizens.alice.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    const uri = post.image_uri as string;
    expect(uri).toMatch(/^\/media\/posts\//);
    for (const [who, status] of [
      ['alice', 200],
      ['bob', 200],
      ['carol', 404],
    ] as const) {
      expect((await t.request({ method: 'GET', url: uri, as: who })).statusCode, who).toBe(status);
    }
    expect((await t.request({ method: 'GET', url: uri, as: guest })).statusCode).toBe(404);
  });

  it('serves stored images with their content type and a long cache lifetime', async () => {
    const uri = await someImage();
    const res = await t.request({ method: 'GET', url: uri });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.equals(readFileSync(fileOf(uri)))).toBe(true);
    const head = await t.request({ method: 'HEAD', url: uri });
    expect(head.statusCode).toBe(200);
  });

  it('refuses path traversal out of the media folder', async () => {
    // A file beside the media folder, with an extension the route would serve: what a traversal would reach for.
    const secret = `secret-${Date.now()}`;
    writeFileSync(join(t.ctx.config.DATA_DIR, 'private.jpg'), secret);
    for (const url of [
      '/media/../private.jpg',
      '/media/%2e%2e/private.jpg',
      '/media/%2E%2E/private.jpg',
      '/media/demo/..%2f..%2fprivate.jpg',
      '/media/demo/%2e%2e/%2e%2e/private.jpg',
      '/media/..%5cprivate.jpg',
      '/media/demo/../../private.jpg',
      `/media/${encodeURIComponent(join(t.ctx.config.DATA_DIR, 'private.jpg'))}`,
      `/media/${join(t.ctx.config.DATA_DIR, 'private.jpg')}`,
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect({ url, status: res.statusCode >= 400 && res.statusCode < 500 }).toEqual({ url, status: true });
      expect(res.body).not.toContain(secret);
    }
  });

  it('lists no directories and serves no files other than media', async () => {
    const root = mediaRoot(t.ctx.config.DATA_DIR);
    writeFileSync(join(root, 'notes.txt'), 'not media');
    writeFileSync(join(root, 'page.html'), '<script>alert(1)</script>');
    writeFileSync(join(root, '.hidden.jpg'), 'dot file');
    for (const url of [
      '/media/',
      '/media/demo',
      '/media/demo/',
      '/media/notes.txt',
      '/media/page.html',
      '/media/.hidden.jpg',
    ]) {
      const res = await t.request({ method: 'GET', url });
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
    expect((await t.request({ method: 'GET', url: '/media/demo/nope.jpg' })).statusCode).toBe(404);
  });
});
