import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../../test/support/s3-server.js';
import type { MediaStorage } from './media-storage.js';
import { type Bucket, CHECKED_MEDIA_PREFIX, MEDIA_PREFIX, openBucket } from './s3-bucket.js';
import { s3MediaStorage } from './s3-media-storage.js';
import { listObjects } from './s3-objects.js';
import { s3Settings } from './s3-settings.js';

let s3: S3TestServer;
let bucket: Bucket;
let files: MediaStorage;
let workDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  const settings = s3Settings({ S3_REGION: 'us-east-1', ...s3.env } as never);
  if (!settings) throw new Error('the test server must configure S3');
  bucket = openBucket(settings);
  files = s3MediaStorage(bucket);
  workDir = await mkdtemp(join(tmpdir(), 'civitas-s3-media-'));
});
afterAll(async () => {
  bucket.client.destroy();
  await s3.close();
  await rm(workDir, { recursive: true, force: true });
});

describe('the S3 media storage', () => {
  it('puts bytes under media/ with their type and a year of immutable caching, readable at the public address', async () => {
    const bytes = Buffer.from('RIFF....WEBPVP8 fake but typed by name');
    const uri = await files.put('posts/p1/run1/image-320.webp', bytes);
    expect(uri).toBe(`${s3.endpoint}/${s3.bucket}/${MEDIA_PREFIX}posts/p1/run1/image-320.webp`);
    const res = await fetch(uri);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
  });

  it("keeps a checked file under private-media/, names it at this server's media route, and opens it there", async () => {
    const bytes = Buffer.from('0123456789 a friends-only picture');
    const uri = await files.put('posts/p9/run1/image-320.webp', bytes, 'checked');
    expect(uri).toBe('/media/posts/p9/run1/image-320.webp');
    expect((await listObjects(bucket, `${CHECKED_MEDIA_PREFIX}posts/p9/`)).map((object) => object.key)).toEqual([
      `${CHECKED_MEDIA_PREFIX}posts/p9/run1/image-320.webp`,
    ]);
    expect(await listObjects(bucket, `${MEDIA_PREFIX}posts/p9/`)).toEqual([]);
    const opened = await files.checkedFiles?.open('posts/p9/run1/image-320.webp', { range: 'bytes=0-9' });
    expect(opened?.status).toBe(206);
    expect(opened?.headers['content-range']).toBe(`bytes 0-9/${bytes.length}`);
    const chunks: Buffer[] = [];
    for await (const chunk of opened?.body ?? []) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('0123456789');
    expect(await files.checkedFiles?.open('posts/p9/run1/image-640.webp', {})).toBeNull();
    expect(await files.checkedFiles?.open('posts/p9/../p1/run1/image-320.webp', {})).toBeNull();
    // Only a post's files can be checked: the media route asks about posts, nothing else would be reachable.
    await expect(files.put('profiles/p9/avatar-400.webp', bytes, 'checked')).rejects.toThrow(/only a post/);
    await files.removeFolder('posts/p9');
    expect(await listObjects(bucket, `${CHECKED_MEDIA_PREFIX}posts/p9/`)).toEqual([]);
  });

  it('takes a local file over (the work copy is gone) and stores it whole', async () => {
    const local = join(workDir, 'video.mp4');
    const bytes = Buffer.alloc(3 * 1024 * 1024, 7);
    await writeFile(local, bytes);
    const uri = await files.putFile('posts/p2/run1/video.mp4', local);
    await expect(stat(local)).rejects.toThrow();
    const res = await fetch(uri);
    expect(res.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('serves an HLS stream whose playlists name their segments relatively', async () => {
    const folder = 'posts/p3/run1/hls';
    await files.put(`${folder}/360p/segment-000.ts`, Buffer.from('G@segment'));
    await files.putFile(
      `${folder}/360p/index.m3u8`,
      await written('index.m3u8', '#EXTM3U\n#EXTINF:4.0,\nsegment-000.ts\n#EXT-X-ENDLIST\n'),
    );
    const master = await files.putFile(
      `${folder}/master.m3u8`,
      await written('master.m3u8', '#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=800000\n360p/index.m3u8\n'),
    );
    const playlist = await fetch(master);
    expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    // What a player does: every line that is not a tag is resolved against the playlist's own address.
    const variant = new URL('360p/index.m3u8', master).href;
    const variantText = await (await fetch(variant)).text();
    const segment = await fetch(new URL(variantText.split('\n')[2] ?? '', variant));
    expect(segment.status).toBe(200);
    expect(segment.headers.get('content-type')).toBe('video/mp2t');
  });

  it('removes a folder and everything below it, and nothing beside it', async () => {
    for (const name of ['a/x.jpeg', 'a/b/y.webp', 'ab/z.jpeg']) await files.put(`posts/p4/${name}`, Buffer.from(name));
    await files.removeFolder('posts/p4/a');
    const left = (await listObjects(bucket, `${MEDIA_PREFIX}posts/p4/`)).map((object) => object.key);
    expect(left).toEqual([`${MEDIA_PREFIX}posts/p4/ab/z.jpeg`]);
    await files.removeFolder('posts/p4/a'); // nothing there: fine
    await files.removeFolder('posts/p4');
    expect(await listObjects(bucket, `${MEDIA_PREFIX}posts/p4/`)).toEqual([]);
  });

  it('stores only servable media names and removes only plain folders', async () => {
    await expect(files.put('posts/../uploads/x.jpeg', Buffer.from('x'))).rejects.toThrow('not a servable media path');
    await expect(files.put('posts/p5/page.html', Buffer.from('<script>'))).rejects.toThrow('not a servable media path');
    await expect(files.removeFolder('../uploads')).rejects.toThrow('not a media folder');
    await expect(files.removeFolder('')).rejects.toThrow('not a media folder');
  });
});

async function written(name: string, text: string): Promise<string> {
  const path = join(workDir, name);
  await writeFile(path, text);
  return path;
}
