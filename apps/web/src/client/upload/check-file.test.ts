import { mediaLimits } from '@civitas/contract/routes-table';
import { describe, expect, it } from 'vitest';
import { checkChosenFile } from './check-file';

// The browser's check of a chosen file, on real bytes: its start decides, never its name or declared type.

const jpegHead = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46];
const ftyp = (brand: string) => [0, 0, 0, 24, ...Buffer.from(`ftyp${brand}\0\0\0\0${brand}`, 'latin1')];
const file = (head: number[], size = head.length, type = 'image/jpeg') =>
  new File([new Uint8Array(head), new Uint8Array(Math.max(0, size - head.length))], 'chosen.jpg', { type });

describe('checkChosenFile', () => {
  it('takes a picture or, for a post, a video by their first bytes', async () => {
    expect(await checkChosenFile(file(jpegHead), 'picture')).toEqual({ ok: true, mediaType: 'image' });
    expect(await checkChosenFile(file(ftyp('isom'), 64, ''), 'pictureOrVideo')).toEqual({
      ok: true,
      mediaType: 'video',
    });
    expect(await checkChosenFile(file([0x1a, 0x45, 0xdf, 0xa3, ...new Array(12).fill(0)]), 'pictureOrVideo')).toEqual({
      ok: true,
      mediaType: 'video',
    });
  });

  it('refuses text named .jpg, a video where only a picture goes, HEIC, and files over the limits', async () => {
    const text = [...Buffer.from('This is text, not a picture.\n'.repeat(4))];
    expect(await checkChosenFile(file(text), 'pictureOrVideo')).toEqual({ ok: false, refusal: 'notMedia' });
    expect(await checkChosenFile(file(ftyp('isom'), 64), 'picture')).toEqual({ ok: false, refusal: 'notMedia' });
    expect(await checkChosenFile(file(ftyp('heic'), 64), 'picture')).toEqual({ ok: false, refusal: 'heic' });
    expect(await checkChosenFile(file(jpegHead, mediaLimits.imageMaxBytes + 1), 'picture')).toEqual({
      ok: false,
      refusal: 'imageTooLarge',
    });
    expect(await checkChosenFile(file([], 0), 'picture')).toEqual({ ok: false, refusal: 'notMedia' });
  });
});
