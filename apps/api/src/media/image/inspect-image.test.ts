import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from '../../../test/support/media-files.js';
import { MediaRejected } from '../media-rejected.js';
import { inspectImage } from './inspect-image.js';

const MAX_PIXELS = 50_000_000;

/** Sets a PNG's declared size without touching its pixels (the IHDR chunk and its CRC). */
function declareSize(png: Buffer, width: number, height: number): Buffer {
  const patched = Buffer.from(png);
  patched.writeUInt32BE(width, 16);
  patched.writeUInt32BE(height, 20);
  patched.writeUInt32BE(crc32(patched.subarray(12, 29)), 29);
  return patched;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function refusal(promise: Promise<unknown>): Promise<MediaRejected> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(MediaRejected);
  return error as MediaRejected;
}

describe('inspectImage', () => {
  let dir: string;
  const file = async (name: string, bytes: Uint8Array | string) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'civitas-inspect-image-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('takes each format we accept by its bytes, whatever the name says', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const path = await file(`picture-${format}.jpg`, await solidImage(120, 80).toFormat(format).toBuffer());
      expect(await inspectImage(path, { maxPixels: MAX_PIXELS })).toEqual({ format, width: 120, height: 80 });
    }
  });

  it('gives the upright size of a picture turned by its orientation tag', async () => {
    const jpeg = await solidImage(300, 100).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const path = await file('turned.jpg', jpeg);
    expect(await inspectImage(path, { maxPixels: MAX_PIXELS })).toEqual({ format: 'jpeg', width: 100, height: 300 });
  });

  it('counts the first frame of an animated GIF, not the whole strip', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((colour) => solidImage(40, 30, colour).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    const path = await file('animated.gif', gif);
    expect(await inspectImage(path, { maxPixels: 40 * 30 })).toEqual({ format: 'gif', width: 40, height: 30 });
  });

  it('refuses a PNG bomb from its header, before decoding it', async () => {
    // 400 MP declared in a few hundred bytes; its data is far too short, so a decode would say "damaged".
    const bomb = declareSize(await solidImage(64, 64, '#000').png({ compressionLevel: 9 }).toBuffer(), 20_000, 20_000);
    expect(bomb.length).toBeLessThan(1024);
    const error = await refusal(inspectImage(await file('bomb.png', bomb), { maxPixels: MAX_PIXELS }));
    expect(error.code).toBe('TOO_MANY_PIXELS');
    expect(error.statusCode).toBe(413);
    expect(error.message).toContain('20000×20000');
  });

  it('refuses a real picture over the limit it is given', async () => {
    const path = await file('big.png', await solidImage(1000, 600).png().toBuffer());
    expect((await refusal(inspectImage(path, { maxPixels: 599_999 }))).code).toBe('TOO_MANY_PIXELS');
    expect((await inspectImage(path, { maxPixels: 600_000 })).width).toBe(1000);
  });

  it('refuses an SVG, even a well-formed one with a script', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script></svg>';
    const error = await refusal(inspectImage(await file('drawing.svg', svg), { maxPixels: MAX_PIXELS }));
    expect(error.code).toBe('UNSUPPORTED_MEDIA');
    expect(error.statusCode).toBe(415);
    expect(error.message).toMatch(/JPEG/);
  });

  it('refuses HTML named photo.jpg and an HTML page with a JPEG after it', async () => {
    const html = '<!doctype html><html><body><script>alert(1)</script></body></html>';
    expect((await refusal(inspectImage(await file('photo.jpg', html), { maxPixels: MAX_PIXELS }))).code).toBe(
      'UNSUPPORTED_MEDIA',
    );
    const polyglot = Buffer.concat([Buffer.from(html), await solidImage(50, 50).jpeg().toBuffer()]);
    expect((await refusal(inspectImage(await file('polyglot.jpg', polyglot), { maxPixels: MAX_PIXELS }))).code).toBe(
      'UNSUPPORTED_MEDIA',
    );
  });

  it('refuses HEIC with a message saying how to send the photo instead', async () => {
    const ftyp = Buffer.alloc(24);
    ftyp.writeUInt32BE(24, 0);
    ftyp.write('ftypheic\0\0\0\0mif1heic', 4, 'latin1');
    const heic = Buffer.concat([ftyp, Buffer.alloc(200, 7)]);
    const error = await refusal(inspectImage(await file('IMG_0001.HEIC', heic), { maxPixels: MAX_PIXELS }));
    expect(error.code).toBe('UNSUPPORTED_MEDIA');
    expect(error.message).toMatch(/HEIC.*JPEG/);
  });

  it('refuses a truncated JPEG as damaged', async () => {
    const jpeg = await sharp({
      create: {
        width: 400,
        height: 300,
        channels: 3,
        background: '#000',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .jpeg()
      .toBuffer();
    const path = await file('cut.jpg', jpeg.subarray(0, Math.floor(jpeg.length * 0.6)));
    const error = await refusal(inspectImage(path, { maxPixels: MAX_PIXELS }));
    expect(error.code).toBe('CORRUPT_MEDIA');
    expect(error.statusCode).toBe(422);
  });

  it('refuses a file that has a signature and nothing else as damaged', async () => {
    const path = await file('empty.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]));
    expect((await refusal(inspectImage(path, { maxPixels: MAX_PIXELS }))).code).toBe('CORRUPT_MEDIA');
  });
});
