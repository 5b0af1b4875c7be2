import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../src/db/ids.js';
import { expectError, expectOk } from '../support/answers.js';
import { paths } from '../support/calls.js';
import { createTestApp, guest, type TestApp } from '../support/harness.js';
import { htmlPage, jpegWithGps, pngBomb, svgWithScript } from '../support/media-files.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const url = '/api/users/influencers/me/profile-picture';
type As = Parameters<TestApp['request']>[0]['as'];
const sendPicture = (as: As, bytes: Buffer, contentType = 'application/octet-stream') =>
  t.request({ method: 'PUT', url, as, headers: { 'content-type': contentType }, payload: bytes });
const removePicture = (as: As) => t.request({ method: 'DELETE', url, as });
const myPicture = async (as: As) =>
  expectOk(await t.request({ method: 'GET', url: paths.me, as })).profilePictureUri as string | null;
const fetchMedia = (uri: string) => t.request({ method: 'GET', url: uri });
/** Work files left behind by a request: none, whatever it sent. */
const workFiles = async () =>
  (await readdir(join(t.ctx.config.DATA_DIR, 'work')).catch(() => [] as string[])).filter((name) =>
    name.startsWith('profile-picture-'),
  );

describe('PUT /influencers/me/profile-picture', () => {
  it('makes a square WebP without the photo’s metadata, shown on my profile and beside my posts', async () => {
    const { id } = t.world.citizens.carol;
    const post = await t.newPost({ authorId: id, caption: 'Contact sheet' });
    const saved = expectOk(await sendPicture('carol', await jpegWithGps(1600, 1200)));
    const uri = saved.profilePictureUri as string;
    expect(uri).toMatch(new RegExp(`^/media/avatars/${id}/[0-9a-f]{16}/picture-288\\.webp$`));

    const served = await fetchMedia(uri);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 288, height: 288 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    for (const secret of ['SecretCam', 'Home Address', 'secret-xmp']) {
      expect(served.rawPayload.includes(secret)).toBe(false);
    }

    expect(await myPicture('carol')).toBe(uri);
    const profile = expectOk(await t.request({ method: 'GET', url: paths.profile('carol'), as: 'alice' }));
    expect(profile.profilePictureUri).toBe(uri);
    const detail = expectOk(
      await t.request({ method: 'GET', url: `/api/content/v1/creators-content/${post}`, as: 'alice' }),
    );
    expect(detail.author.profilePictureUri).toBe(uri);
    expect(await workFiles()).toEqual([]);
  });

  it('deletes the picture it replaces, and the one I remove; removing none is no error', async () => {
    const first = expectOk(await sendPicture('dave', await jpegWithGps(400, 300))).profilePictureUri as string;
    const second = expectOk(await sendPicture('dave', await jpegWithGps(300, 500))).profilePictureUri as string;
    expect(second).not.toBe(first);
    expect((await fetchMedia(first)).statusCode).toBe(404);
    expect((await fetchMedia(second)).statusCode).toBe(200);

    expect(expectOk(await removePicture('dave')).profilePictureUri).toBeNull();
    expect(await myPicture('dave')).toBeNull();
    expect((await fetchMedia(second)).statusCode).toBe(404);
    expect(expectOk(await removePicture('dave')).profilePictureUri).toBeNull();
  });

  it('keeps exactly one picture when several are sent at once: the last saved, the others’ files deleted', async () => {
    const { id } = t.world.citizens.heidi;
    const photos = await Promise.all([300, 320, 340, 360].map((width) => jpegWithGps(width, 300)));
    const answers = await Promise.all(photos.map((photo) => sendPicture('heidi', photo)));
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const kept = (await myPicture('heidi')) as string;
    const folders = await readdir(join(t.ctx.config.DATA_DIR, 'media', 'avatars', id));
    expect(folders).toHaveLength(1);
    expect(kept).toContain(`/avatars/${id}/${folders[0]}/`);
    expect((await fetchMedia(kept)).statusCode).toBe(200);
  });

  it('makes a 3:1 cover the same way, kept apart from the picture: replacing or removing one leaves the other', async () => {
    const { id } = t.world.citizens.grace;
    const coverUrl = '/api/users/influencers/me/cover-picture';
    const picture = expectOk(await sendPicture('grace', await jpegWithGps(500, 500))).profilePictureUri as string;
    const sendCover = async () =>
      expectOk(
        await t.request({
          method: 'PUT',
          url: coverUrl,
          as: 'grace',
          headers: { 'content-type': 'application/octet-stream' },
          payload: await jpegWithGps(1600, 1200),
        }),
      );
    const saved = await sendCover();
    expect(saved.profilePictureUri).toBe(picture);
    const cover = saved.coverPictureUri as string;
    expect(cover).toMatch(new RegExp(`^/media/covers/${id}/[0-9a-f]{16}/cover-1500\\.webp$`));
    const served = await fetchMedia(cover);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1500, height: 500 });
    expect(served.rawPayload.includes('SecretCam')).toBe(false);

    const next = (await sendCover()).coverPictureUri as string;
    expect((await fetchMedia(cover)).statusCode).toBe(404);
    expect(expectOk(await removePicture('grace')).coverPictureUri).toBe(next);
    expect((await fetchMedia(next)).statusCode).toBe(200);
    const removed = expectOk(await t.request({ method: 'DELETE', url: coverUrl, as: 'grace' }));
    expect(removed).toMatchObject({ coverPictureUri: null, profilePictureUri: null });
    expect((await fetchMedia(next)).statusCode).toBe(404);
    expectError(
      await t.request({
        method: 'PUT',
        url: coverUrl,
        as: guest,
        headers: { 'content-type': 'application/octet-stream' },
        payload: Buffer.from('x'),
      }),
      403,
    );
  });

  it('leaves the demo world’s pictures in place when I replace one (they are not mine alone to delete)', async () => {
    const demo = await t.ctx.media.files.put('demo/erin/avatar-test.jpg', await jpegWithGps(64, 64));
    await t.ctx.db
      .updateTable('citizens')
      .set({ profile_picture_uri: demo })
      .where('id', '=', t.world.citizens.erin.id)
      .execute();
    expectOk(await sendPicture('erin', await jpegWithGps(200, 200)));
    expect(await myPicture('erin')).not.toBe(demo);
    expect((await fetchMedia(demo)).statusCode).toBe(200);
  });

  it('refuses what is not a picture it can use, saying why, and changes nothing', async () => {
    const before = await myPicture('frank');
    const truncated = (await jpegWithGps(800, 600)).subarray(0, 2000);
    const cases: [Buffer, number, string][] = [
      [svgWithScript, 415, 'UNSUPPORTED_MEDIA'],
      [htmlPage, 415, 'UNSUPPORTED_MEDIA'],
      [truncated, 422, 'CORRUPT_MEDIA'],
      [await pngBomb(), 413, 'TOO_MANY_PIXELS'],
      [Buffer.alloc(0), 400, 'PICTURE_MISSING'],
      [Buffer.alloc(20 * 1024 * 1024 + 1), 413, 'FILE_TOO_LARGE'],
    ];
    for (const [bytes, status, code] of cases) {
      const res = await sendPicture('frank', bytes);
      expectError(res, status, code);
      expect(res.json().message.length).toBeGreaterThan(20);
    }
    expectError(await sendPicture('frank', await jpegWithGps(), 'image/jpeg'), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await myPicture('frank')).toBe(before);
    expect(await workFiles()).toEqual([]);
  });

  it('is mine alone: guests and no token are refused, and a token whose account is gone stores nothing', async () => {
    const bytes = await jpegWithGps(200, 200);
    expectError(await sendPicture(undefined, bytes), 401);
    expectError(await sendPicture(guest, bytes), 403);
    expectError(await removePicture(guest), 403);
    const ghost = { kind: 'citizen' as const, citizenId: newId(), username: 'ghost' };
    expectError(await sendPicture(ghost, bytes), 401, 'UNAUTHORIZED');
    const avatars = await readdir(join(t.ctx.config.DATA_DIR, 'media', 'avatars', ghost.citizenId)).catch(() => []);
    expect(avatars).toEqual([]);
  });
});
