import { readFileSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

/**
 * The tab's icon is a PNG drawn from favicon.svg, not the SVG itself: Chromium fetches and decodes a page's icon
 * in the page's own renderer, on its main thread, and an SVG icon is a whole document there (parsed, styled,
 * laid out and painted: a 30–80 ms task on a slow machine of our kind, inside the load; ADR 054), where a PNG is
 * a few microseconds of decoding. The PNG is committed, and drawn here again to show it is still the SVG's.
 */
const SOURCE = new URL('./favicon.svg', import.meta.url);
const COMMITTED = new URL('../../public/favicon.png', import.meta.url);
const FAVICON_SIZE = 64;

describe('the tab icon', () => {
  it(`is favicon.svg drawn at ${FAVICON_SIZE} px, as committed`, async () => {
    const made = await sharp(readFileSync(SOURCE))
      .resize(FAVICON_SIZE, FAVICON_SIZE)
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
    // After a change to the SVG: WRITE_ICONS=1 npx vitest run --project web src/icons
    if (process.env.WRITE_ICONS === '1') writeFileSync(COMMITTED, made);
    const committed = readFileSync(COMMITTED);
    const { width, height, format } = await sharp(committed).metadata();
    expect({ width, height, format }).toEqual({ width: FAVICON_SIZE, height: FAVICON_SIZE, format: 'png' });
    expect(committed.length).toBeLessThan(2 * 1024);
    expect(Buffer.compare(committed, made), 'favicon.png is stale: draw it again (see above)').toBe(0);
  });
});
