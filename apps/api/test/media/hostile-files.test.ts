import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback } from '../support/free-port.js';
import { createTestApp, type TestApp } from '../support/harness.js';
import { htmlJpegPolyglot, htmlPage, jpegWithGps, pngBomb, svgWithScript } from '../support/media-files.js';
import { createDraft, type Kind, statusOf, uploadWhole } from '../support/upload-client.js';
import { makeVideo } from '../support/video-clip.js';

// Every hostile file is refused at complete with a 4xx a person can act on, and leaves nothing behind: no
// parts, no assembled file, no job; the post keeps waiting for a file it can use.

let t: TestApp;
let work: string;
let canary: Server;
let canaryHits = 0;
beforeAll(async () => {
  t = await createTestApp();
  work = await mkdtemp(join(tmpdir(), 'civitas-hostile-'));
  canary = createServer((_request, response) => {
    canaryHits += 1;
    response.end('#EXTM3U\n');
  });
  await listenOnLoopback(canary);
});
afterAll(async () => {
  canary.close();
  await rm(work, { recursive: true, force: true });
  await t.close();
});

async function refused(file: Buffer, mediaType: 'image' | 'video', contentType?: string) {
  const draft = await createDraft(t, 'alice', { mediaType });
  const kind: Kind = mediaType === 'image' ? 'image-upload' : 'video-upload';
  const { completed } = await uploadWhole(t, 'alice', draft.id, kind, file, contentType);
  const status = await statusOf(t, 'alice', draft.id);
  expect(status.json().status).toBe('awaiting_upload');
  expect(await readdir(join(t.ctx.config.DATA_DIR, 'uploads')).catch(() => [])).toEqual([]);
  const jobs = await t.ctx.db.selectFrom('media_jobs').select('id').where('post_id', '=', draft.id).execute();
  expect(jobs).toEqual([]);
  return {
    statusCode: completed.statusCode,
    code: completed.json().code as string,
    message: completed.json().message as string,
  };
}

describe('hostile pictures', () => {
  it('refuses an SVG with a script (415), whatever it claims to be', async () => {
    expect(await refused(svgWithScript, 'image', 'image/jpeg')).toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_MEDIA',
    });
  });

  it('refuses an HTML page named and declared as a JPEG (415)', async () => {
    expect(await refused(htmlPage, 'image', 'image/jpeg')).toMatchObject({ statusCode: 415 });
  });

  it('refuses an HTML/JPEG polyglot (415)', async () => {
    expect(await refused(await htmlJpegPolyglot(), 'image')).toMatchObject({ statusCode: 415 });
  });

  it('refuses a PNG pixel bomb before decoding it (413)', async () => {
    const bomb = await pngBomb();
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await refused(bomb, 'image', 'image/png')).toMatchObject({ statusCode: 413, code: 'TOO_MANY_PIXELS' });
  });

  it('refuses a truncated JPEG (422)', async () => {
    const photo = await jpegWithGps(800, 600);
    expect(await refused(photo.subarray(0, Math.floor(photo.length / 2)), 'image')).toMatchObject({
      statusCode: 422,
      code: 'CORRUPT_MEDIA',
    });
  });
});

describe('hostile videos', () => {
  it('refuses a truncated video (422)', async () => {
    const path = join(work, 'whole.mp4');
    await makeVideo(path, { seconds: 2 });
    const bytes = await readFile(path);
    expect(await refused(bytes.subarray(0, Math.floor(bytes.length / 2)), 'video')).toMatchObject({
      statusCode: 422,
      code: 'CORRUPT_MEDIA',
    });
  });

  it('never follows a playlist or concat file to another file or a URL (415, nothing fetched)', async () => {
    const url = `http://127.0.0.1:${(canary.address() as AddressInfo).port}/secret.ts`;
    const playlists = [
      `#EXTM3U\n#EXT-X-TARGETDURATION:10\n#EXTINF:10,\n${url}\n#EXTINF:10,\nfile:///etc/passwd\n#EXT-X-ENDLIST\n`,
      `ffconcat version 1.0\nfile '${url}'\nfile '/etc/passwd'\n`,
    ];
    for (const playlist of playlists) {
      expect(await refused(Buffer.from(playlist), 'video', 'video/mp4')).toMatchObject({ statusCode: 415 });
    }
    expect(canaryHits).toBe(0);
  });

  it('refuses a video longer than 180 s (422)', { timeout: 60_000 }, async () => {
    const path = join(work, 'long.mp4');
    await makeVideo(path, { seconds: 181, size: '64x48', rate: 1 });
    expect(await refused(await readFile(path), 'video')).toMatchObject({ statusCode: 422, code: 'VIDEO_TOO_LONG' });
  });

  it('refuses an over-fast frame rate (422)', async () => {
    const path = join(work, 'fast.mp4');
    await makeVideo(path, { seconds: 1, size: '64x48', rate: 120 });
    expect(await refused(await readFile(path), 'video')).toMatchObject({
      statusCode: 422,
      code: 'FRAME_RATE_TOO_HIGH',
    });
  });

  it('refuses an image sent as a video and a video sent as an image (415)', async () => {
    const path = join(work, 'clip.mp4');
    await makeVideo(path, { seconds: 1, size: '64x48' });
    const clip = await readFile(path);
    expect(await refused(clip, 'image')).toMatchObject({ statusCode: 415 });
    expect(await refused(await jpegWithGps(64, 48), 'video')).toMatchObject({ statusCode: 415 });
  });
});
