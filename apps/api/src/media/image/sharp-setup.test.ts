import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { solidImage } from '../../../test/support/media-files.js';
import { loadSharp } from './sharp-setup.js';

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="10"><rect width="20" height="10" fill="#08f"/></svg>';

describe('loadSharp', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'civitas-sharp-setup-'));
    // Loaded once: every caller gets the same module, with the allowlist applied.
    expect(await loadSharp()).toBe(sharp);
    expect(await loadSharp()).toBe(sharp);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('leaves the loaders of the formats we take open, from files and from memory', async () => {
    for (const format of ['jpeg', 'png', 'webp', 'gif', 'avif'] as const) {
      const bytes = await solidImage(20, 10, '#08f').toFormat(format).toBuffer();
      const file = join(dir, `open.${format}`);
      await writeFile(file, bytes);
      expect((await sharp(file).metadata()).width, format).toBe(20);
      expect((await sharp(bytes).metadata()).width, format).toBe(20);
    }
  });

  it('keeps SVG from memory for the seed, but not from a file, where uploads come from', async () => {
    expect((await sharp(Buffer.from(svg)).metadata()).format).toBe('svg');
    const file = join(dir, 'drawing.svg');
    await writeFile(file, svg);
    await expect(sharp(file).metadata()).rejects.toThrow();
  });

  it('keeps none of the operations once a picture is done (libvips keeps up to 100 by default)', async () => {
    const file = join(dir, 'kept.jpeg');
    await writeFile(file, await solidImage(20, 10, '#08f').jpeg().toBuffer());
    await sharp(file).resize(10).webp().toBuffer();
    const { memory, files, items } = sharp.cache();
    expect({ memory: memory.max, files: files.max, items: items.max }).toEqual({ memory: 0, files: 0, items: 0 });
    expect(items.current).toBe(0);
  });

  it('blocks loaders we never take, such as TIFF', async () => {
    const tiff = await solidImage(20, 10, '#08f').tiff().toBuffer();
    const file = join(dir, 'scan.tiff');
    await writeFile(file, tiff);
    await expect(sharp(file).metadata()).rejects.toThrow();
    await expect(sharp(tiff).metadata()).rejects.toThrow();
  });
});
