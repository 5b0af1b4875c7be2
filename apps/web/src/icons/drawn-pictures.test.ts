import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * The app's own pictures (the tab icon, the placeholders of a missing profile picture or cover) are drawn as SVG
 * here and served as raster files: Chromium makes a whole document for every SVG image, in the page's renderer
 * and on its main thread (parsed, styled, laid out and painted: a 30–80 ms task on a slow machine of our kind,
 * inside the load; ADR 054), where a PNG or WebP is decoded off that thread in microseconds. The raster files
 * are committed, and drawn here again to show they are still their SVG's.
 *
 * After a change to an SVG: WRITE_ICONS=1 npx vitest run --project web src/icons
 */
const PICTURES = [
  // 64 px: the tab strip's 16–32 px at a phone's density (the layout's metadata names this size).
  { source: 'favicon.svg', served: 'favicon.png', width: 64, height: 64, format: 'png', maxBytes: 2 * 1024 },
  // The installed app's icon (the web app manifest): full-bleed, its mark inside the maskable safe circle, so a
  // phone's launcher may crop it to any shape.
  { source: 'app-icon.svg', served: 'app-icon-192.png', width: 192, height: 192, format: 'png', maxBytes: 4 * 1024 },
  { source: 'app-icon.svg', served: 'app-icon-512.png', width: 512, height: 512, format: 'png', maxBytes: 12 * 1024 },
  // A profile picture is shown at up to 88 px (the profile's header), 264 px at 3x; flat colours, under 2 KB.
  {
    source: 'profile-picture.svg',
    served: 'placeholders/profile-picture.png',
    width: 256,
    height: 256,
    format: 'png',
    maxBytes: 4 * 1024,
  },
  // A cover is 3:1 across the page; its gradient has no edge to lose when the browser scales it up.
  {
    source: 'cover.svg',
    served: 'placeholders/cover.webp',
    width: 600,
    height: 200,
    format: 'webp',
    maxBytes: 2 * 1024,
  },
] as const;

type Picture = (typeof PICTURES)[number];

function draw({ source, width, height, format }: Picture): Promise<Buffer> {
  // Drawn at the SVG's own size, then scaled: 'fill', since the cover's drawing stretches to any shape.
  const drawn = sharp(readFileSync(new URL(`./${source}`, import.meta.url))).resize(width, height, { fit: 'fill' });
  return (
    format === 'png' ? drawn.png({ compressionLevel: 9, palette: true }) : drawn.webp({ quality: 80 })
  ).toBuffer();
}

describe('the pictures drawn as SVG', () => {
  it.each(PICTURES)('$source is served as $served, $width × $height, as committed', async (picture) => {
    const made = await draw(picture);
    const path = new URL(`../../public/${picture.served}`, import.meta.url);
    if (process.env.WRITE_ICONS === '1') writeFileSync(path, made);
    const committed = readFileSync(path);
    const { width, height, format } = await sharp(committed).metadata();
    expect({ width, height, format }).toEqual({ width: picture.width, height: picture.height, format: picture.format });
    expect(committed.length).toBeLessThan(picture.maxBytes);
    expect(Buffer.compare(committed, made), `${picture.served} is stale: draw it again (see above)`).toBe(0);
  });
});
