import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from '../../../test/support/media-files.js';
import { MediaRejected } from '../media-rejected.js';
import { type ImageRendition, processImage, renditionWidths } from './process-image.js';

const MAX_PIXELS = 50_000_000;

const XMP = `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/">
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:creator>Ada, at home</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;

/**
 * A 1200x600 photo as a phone writes it: stored sideways with orientation 6, GPS position, a description, XMP
 * and a Display P3 ICC profile. Its left half is red and its right half blue, so once turned upright
 * (90° clockwise) red is on top.
 */
async function phonePhoto(): Promise<Buffer> {
  const halves = await solidImage(1200, 600, '#0000ff')
    .composite([{ input: await solidImage(600, 600, '#ff0000').png().toBuffer(), left: 0, top: 0 }])
    .png()
    .toBuffer();
  return sharp(halves)
    .withIccProfile('p3')
    .withExif({
      IFD0: { ImageDescription: 'Our front door', Make: 'PhoneMaker' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 7/1' },
    })
    .withXmp(XMP)
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The bytes of a JPEG before its image data, or of a WebP's chunks other than the image itself. */
function headerBytes(rendition: ImageRendition): Buffer {
  const bytes = rendition.bytes;
  if (rendition.format === 'jpeg') return bytes.subarray(0, bytes.indexOf(Buffer.from([0xff, 0xda])));
  const chunks: Buffer[] = [];
  for (let at = 12; at + 8 <= bytes.length; ) {
    const size = bytes.readUInt32LE(at + 4);
    const kind = bytes.toString('latin1', at, at + 4);
    chunks.push(kind === 'VP8 ' || kind === 'VP8L' ? bytes.subarray(at, at + 8) : bytes.subarray(at, at + 8 + size));
    at += 8 + size + (size % 2);
  }
  return Buffer.concat(chunks);
}

/** JPEG marker segments before the image data: only JFIF (APP0) and the coding tables may be there. */
function jpegMarkers(bytes: Buffer): number[] {
  const markers: number[] = [];
  for (let at = 2; at + 4 <= bytes.length && bytes[at] === 0xff; ) {
    const marker = bytes[at + 1] ?? 0;
    markers.push(marker);
    if (marker === 0xda) break;
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  return markers;
}

const widthsOf = (renditions: ImageRendition[], format: 'webp' | 'jpeg') =>
  renditions.filter((rendition) => rendition.format === format).map((rendition) => rendition.width);

describe('renditionWidths', () => {
  it('never upscales: the source width stands in for the widths above it', () => {
    expect(renditionWidths(4000)).toEqual([320, 640, 1080, 2048]);
    expect(renditionWidths(2048)).toEqual([320, 640, 1080, 2048]);
    expect(renditionWidths(900)).toEqual([320, 640, 900]);
    expect(renditionWidths(640)).toEqual([320, 640]);
    expect(renditionWidths(200)).toEqual([200]);
    expect(renditionWidths(500, [100, 1000])).toEqual([100, 500]);
  });
});

describe('processImage', () => {
  let dir: string;
  const file = async (name: string, bytes: Uint8Array | string) => {
    const path = join(dir, name);
    await writeFile(path, bytes);
    return path;
  };
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'civitas-process-image-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('writes no metadata at all and turns the picture upright', async () => {
    const source = await phonePhoto();
    const before = await sharp(source).metadata();
    expect([before.orientation, Boolean(before.exif), Boolean(before.xmp), Boolean(before.icc)]).toEqual([
      6,
      true,
      true,
      true,
    ]);

    const picture = await processImage(await file('IMG_0001.jpg', source), { maxPixels: MAX_PIXELS });
    expect([picture.width, picture.height]).toEqual([600, 1200]);
    expect(picture.renditions.length).toBe(3);
    for (const rendition of picture.renditions) {
      const label = `${rendition.format} ${rendition.width}`;
      const meta = await sharp(rendition.bytes).metadata();
      expect(meta.format, label).toBe(rendition.format);
      expect([meta.width, meta.height], label).toEqual([rendition.width, rendition.height]);
      expect(rendition.height, label).toBe(rendition.width * 2);
      expect(meta.orientation, label).toBeUndefined();
      for (const kind of ['exif', 'xmp', 'icc', 'iptc'] as const)
        expect(meta[kind], `${label} ${kind}`).toBeUndefined();
      const header = headerBytes(rendition).toString('latin1');
      for (const marker of ['Exif', 'EXIF', 'GPS', 'xmp', 'XMP', 'ICC', 'ICCP', 'Ada', 'front door', 'PhoneMaker']) {
        expect(header, `${label} ${marker}`).not.toContain(marker);
      }
      if (rendition.format === 'jpeg') {
        // SOI is skipped; APP0 (JFIF), quantisation and Huffman tables, frame and scan headers, nothing else.
        expect(
          jpegMarkers(rendition.bytes).every((marker) => [0xe0, 0xdb, 0xc4, 0xc0, 0xc2, 0xdd, 0xda].includes(marker)),
        ).toBe(true);
      }
      const { data } = await sharp(rendition.bytes).extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({
        resolveWithObject: true,
      });
      expect(data[0], `${label}: red on top`).toBeGreaterThan(200);
      expect(data[2], `${label}: red on top`).toBeLessThan(60);
    }
  });

  it('makes WebP at 320, 640, 1080 and 2048 and one JPEG at 1080 from a large picture', async () => {
    const picture = await processImage(await file('large.jpg', await solidImage(3000, 2000).jpeg().toBuffer()), {
      maxPixels: MAX_PIXELS,
    });
    expect(widthsOf(picture.renditions, 'webp')).toEqual([320, 640, 1080, 2048]);
    expect(widthsOf(picture.renditions, 'jpeg')).toEqual([1080]);
    const heights = picture.renditions.map((rendition) => rendition.height);
    expect(heights).toEqual([213, 427, 720, 1365, 720]);
  });

  it('never upscales: a 900 px picture gives 320, 640 and 900, and its JPEG at 900', async () => {
    const picture = await processImage(await file('medium.png', await solidImage(900, 300).png().toBuffer()), {
      maxPixels: MAX_PIXELS,
    });
    expect(widthsOf(picture.renditions, 'webp')).toEqual([320, 640, 900]);
    expect(widthsOf(picture.renditions, 'jpeg')).toEqual([900]);
    const small = await processImage(await file('small.png', await solidImage(150, 100).png().toBuffer()), {
      maxPixels: MAX_PIXELS,
    });
    expect(small.renditions.map((rendition) => [rendition.format, rendition.width, rendition.height])).toEqual([
      ['webp', 150, 100],
      ['jpeg', 150, 100],
    ]);
  });

  it('makes the JPEG even when the widths asked for do not include its width', async () => {
    const picture = await processImage(await file('custom.jpg', await solidImage(1600, 900).jpeg().toBuffer()), {
      maxPixels: MAX_PIXELS,
      widths: [200, 400],
    });
    expect(widthsOf(picture.renditions, 'webp')).toEqual([200, 400]);
    expect(widthsOf(picture.renditions, 'jpeg')).toEqual([1080]);
  });

  it('paints a small blurred WebP placeholder as a data URI', async () => {
    const picture = await processImage(await file('placeholder.jpg', await phonePhoto()), { maxPixels: MAX_PIXELS });
    expect(picture.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/]+=*$/);
    expect(picture.placeholder.length).toBeLessThan(300);
    const tiny = Buffer.from(picture.placeholder.split(',')[1] ?? '', 'base64');
    const meta = await sharp(tiny).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 8, 16, undefined]);
  });

  it('flattens transparency on white, the same in WebP and JPEG', async () => {
    const clear = sharp({
      create: { width: 400, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    });
    const picture = await processImage(await file('clear.png', await clear.png().toBuffer()), {
      maxPixels: MAX_PIXELS,
    });
    for (const rendition of picture.renditions) {
      const { data, info } = await sharp(rendition.bytes).raw().toBuffer({ resolveWithObject: true });
      expect(info.channels, rendition.format).toBe(3);
      expect(
        [...data.subarray(0, 3)].every((value) => value > 245),
        rendition.format,
      ).toBe(true);
    }
  });

  it('takes AVIF', async () => {
    const avif = await solidImage(700, 500, '#c84').avif().toBuffer();
    const picture = await processImage(await file('photo.avif', avif), { maxPixels: MAX_PIXELS });
    expect([picture.width, picture.height]).toEqual([700, 500]);
    expect(widthsOf(picture.renditions, 'webp')).toEqual([320, 640, 700]);
  });

  it('keeps only the first frame of an animated GIF', async () => {
    const frames = await Promise.all(
      ['#f00', '#0f0', '#00f'].map((colour) => solidImage(60, 40, colour).png().toBuffer()),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(3);
    const picture = await processImage(await file('animated.gif', gif), { maxPixels: MAX_PIXELS });
    expect([picture.width, picture.height]).toEqual([60, 40]);
    for (const rendition of picture.renditions) {
      const meta = await sharp(rendition.bytes).metadata();
      expect([meta.width, meta.height, meta.pages ?? 1]).toEqual([60, 40, 1]);
      const { dominant } = await sharp(rendition.bytes).stats();
      expect(dominant.r).toBeGreaterThan(200);
      expect(dominant.g).toBeLessThan(60);
    }
  });

  it('refuses what inspection refuses, before decoding', async () => {
    const html = await file('photo.jpg', '<html><body>hello</body></html>');
    await expect(processImage(html, { maxPixels: MAX_PIXELS })).rejects.toMatchObject({ code: 'UNSUPPORTED_MEDIA' });
    const big = await file('big.png', await solidImage(1000, 1000).png().toBuffer());
    await expect(processImage(big, { maxPixels: 999_999 })).rejects.toMatchObject({ code: 'TOO_MANY_PIXELS' });
  });

  it('refuses a truncated JPEG as damaged rather than failing in a way worth retrying', async () => {
    const noise = { type: 'gaussian', mean: 128, sigma: 40 } as const;
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#000', noise } })
      .jpeg()
      .toBuffer();
    const error = await processImage(await file('cut.jpg', jpeg.subarray(0, jpeg.length >> 1)), {
      maxPixels: MAX_PIXELS,
    }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(MediaRejected);
    expect((error as MediaRejected).code).toBe('CORRUPT_MEDIA');
  });

  it('stops with the signal’s reason when aborted', async () => {
    const path = await file('abort.jpg', await solidImage(2400, 1600).jpeg().toBuffer());
    const stop = new Error('job cancelled');
    await expect(processImage(path, { maxPixels: MAX_PIXELS, signal: AbortSignal.abort(stop) })).rejects.toBe(stop);
    const controller = new AbortController();
    const running = processImage(path, { maxPixels: MAX_PIXELS, signal: controller.signal });
    controller.abort(stop);
    await expect(running).rejects.toBe(stop);
  });
});
