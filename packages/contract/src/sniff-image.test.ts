import { describe, expect, it } from 'vitest';
import { IMAGE_HEAD_BYTES, sniffImage } from './sniff-image.js';

const bytes = (...values: number[]) => new Uint8Array([...values, ...new Array(24).fill(0)]);
const text = (value: string) => new Uint8Array(Buffer.from(value, 'latin1'));

/** An ISO-BMFF `ftyp` box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, 'latin1');
  for (const [index, brand] of compatible.entries()) box.write(brand, 16 + 4 * index, 'latin1');
  return new Uint8Array(Buffer.concat([box, Buffer.alloc(16)]));
};

describe('sniffImage', () => {
  it('recognises JPEG, PNG, WebP and GIF by their signatures', () => {
    expect(sniffImage(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg');
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png');
    expect(sniffImage(text('RIFF\x10\x00\x00\x00WEBPVP8 '))).toBe('webp');
    expect(sniffImage(text('GIF87a\x01\x00\x01\x00'))).toBe('gif');
    expect(sniffImage(text('GIF89a\x01\x00\x01\x00'))).toBe('gif');
  });

  it('tells AVIF from HEIF by the ftyp brands, AVIF first (AVIF lists mif1 too)', () => {
    expect(sniffImage(ftyp('avif', 'mif1', 'avif', 'miaf'))).toBe('avif');
    expect(sniffImage(ftyp('avis', 'msf1'))).toBe('avif');
    expect(sniffImage(ftyp('mif1', 'avif'))).toBe('avif');
    for (const brand of ['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']) {
      expect(sniffImage(ftyp(brand)), brand).toBe('heif');
    }
    expect(sniffImage(ftyp('mif1', 'heic', 'miaf'))).toBe('heif');
  });

  it('does not take the minor version for a brand, nor brands past the end of the box', () => {
    const head = Buffer.from(ftyp('isom'));
    head.write('avif', 12, 'latin1');
    expect(sniffImage(head)).toBeNull();
    const short = Buffer.from(ftyp('isom', 'mp42'));
    short.write('heic', 20, 'latin1');
    expect(sniffImage(short)).toBeNull();
  });

  it('refuses videos, SVG, HTML, text, polyglots that start as text, and near misses', () => {
    for (const brand of ['isom', 'mp42', 'qt  ', 'M4V ']) expect(sniffImage(ftyp(brand)), brand).toBeNull();
    expect(sniffImage(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(text('<?xml version="1.0"?><svg/>'))).toBeNull();
    expect(sniffImage(text('<!doctype html><html><body>\xff\xd8\xff\xe0</body></html>'))).toBeNull();
    expect(sniffImage(text(' \xff\xd8\xff\xe0'))).toBeNull();
    expect(sniffImage(text('GIF90a'))).toBeNull();
    expect(sniffImage(text('RIFF\x10\x00\x00\x00WAVEfmt '))).toBeNull();
    expect(sniffImage(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x00))).toBeNull();
    expect(sniffImage(new Uint8Array())).toBeNull();
    expect(sniffImage(new Uint8Array([0xff, 0xd8]))).toBeNull();
  });

  it('needs no more than IMAGE_HEAD_BYTES', () => {
    const head = ftyp('mif1', 'miaf', 'MA1B', 'MA1A', 'avif');
    expect(head.length).toBeLessThanOrEqual(IMAGE_HEAD_BYTES);
    expect(sniffImage(head)).toBe('avif');
  });
});
