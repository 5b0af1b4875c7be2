import { describe, expect, it } from 'vitest';
import { sniffVideo } from './sniff-video.js';

const ftyp = (brand: string) => {
  const head = new Uint8Array(16);
  head.set([0, 0, 0, 0x18], 0);
  head.set(Buffer.from(`ftyp${brand}`, 'latin1'), 4);
  return head;
};
const text = (value: string) => new Uint8Array(Buffer.from(value.padEnd(16, ' ')));

describe('sniffVideo', () => {
  it('recognises MP4, MOV, M4V, 3GP and DASH brands as mov', () => {
    for (const brand of ['isom', 'iso5', 'mp41', 'mp42', 'avc1', 'qt  ', 'M4V ', '3gp5', '3g2a', 'dash', 'mmp4']) {
      expect(sniffVideo(ftyp(brand)), brand).toBe('mov');
    }
  });

  it('refuses ISO-BMFF pictures and unknown brands', () => {
    for (const brand of ['avif', 'avis', 'heic', 'heix', 'mif1', 'msf1', 'M4A ', 'crx ', 'zzzz']) {
      expect(sniffVideo(ftyp(brand)), brand).toBeNull();
    }
  });

  it('recognises the EBML header of WebM and Matroska', () => {
    expect(sniffVideo(new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1, 0x42, 0xf7, 0x81]))).toBe(
      'matroska',
    );
  });

  it('refuses playlists, lists, streams, AVI, HTML and pictures', () => {
    const refused = [
      text('#EXTM3U\n#EXT-X-VERSION:3\n'),
      text('ffconcat version 1.0\nfile a.mp4\n'),
      text('v=0\no=- 0 0 IN IP4 127.0.0.1\n'),
      text('<!doctype html><script>'),
      new Uint8Array(Buffer.from('RIFF\x10\x00\x00\x00AVI LIST', 'latin1')),
      new Uint8Array([0x00, 0x00, 0x00, 0x01, 0x67, 0x64, 0x00, 0x1f, 0, 0, 0, 0]), // raw H.264
      new Uint8Array([0x47, 0x40, 0x00, 0x10, 0, 0, 0, 0, 0, 0, 0, 0]), // MPEG-TS
      new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]),
      new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
      new Uint8Array([0x1a, 0x45, 0xdf]),
      new Uint8Array(0),
    ];
    for (const head of refused) expect(sniffVideo(head)).toBeNull();
  });
});
