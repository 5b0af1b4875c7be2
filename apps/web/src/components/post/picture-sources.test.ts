import type { MediaView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { loadingOf, mediaBoxStyle, posterOf, renditionSrcSet, renditionsUpTo } from './picture-sources';

const media = (overrides: Partial<MediaView>): MediaView => ({
  status: 'ready',
  renditions: [],
  placeholder: null,
  imageUri: null,
  coverImageUri: null,
  videoUri: null,
  hlsUri: null,
  width: null,
  height: null,
  altText: null,
  ...overrides,
});

const renditions = [320, 640, 1080].map((width) => ({ width, height: width / 2, uri: `/media/p/image-${width}.webp` }));

describe('picture sources', () => {
  it('lists every rendition with its width for srcset', () => {
    expect(renditionSrcSet(renditions)).toBe(
      '/media/p/image-320.webp 320w, /media/p/image-640.webp 640w, /media/p/image-1080.webp 1080w',
    );
    expect(renditionSrcSet([])).toBeNull();
  });

  it('offers nothing wider than the 500 px column needs at 2x: a 3x phone takes 1080, not 2048', () => {
    const ladder = [320, 640, 1080, 2048].map((width) => ({ width, height: width, uri: `/m/image-${width}.webp` }));
    expect(renditionSrcSet(ladder)).toBe('/m/image-320.webp 320w, /m/image-640.webp 640w, /m/image-1080.webp 1080w');
    // A narrow source has no rendition that wide: all of them are offered.
    expect(renditionsUpTo(ladder.slice(0, 2)).map((rendition) => rendition.width)).toEqual([320, 640]);
    // The first rendition wide enough ends the list, whatever its width.
    expect(renditionsUpTo(ladder, 600).map((rendition) => rendition.width)).toEqual([320, 640]);
    expect(renditionsUpTo(ladder, 2048).map((rendition) => rendition.width)).toEqual([320, 640, 1080, 2048]);
  });

  it('fetches the first picture of a page at once and ahead, the others lazily and decoded off the main thread', () => {
    expect(loadingOf(true)).toEqual({ loading: 'eager', fetchPriority: 'high' });
    expect(loadingOf(false)).toEqual({ loading: 'lazy', decoding: 'async' });
  });

  it('picks a poster wide enough, else the widest, else the JPEG cover', () => {
    expect(posterOf(media({ renditions }))).toBe('/media/p/image-640.webp');
    expect(posterOf(media({ renditions: renditions.slice(0, 1) }))).toBe('/media/p/image-320.webp');
    expect(posterOf(media({ coverImageUri: '/media/c.jpeg' }))).toBe('/media/c.jpeg');
    expect(posterOf(media({}))).toBeUndefined();
  });

  it('keeps the post’s proportions and paints the placeholder behind, each only when known', () => {
    expect(mediaBoxStyle(media({ width: 1080, height: 720, placeholder: 'data:image/webp;base64,AA' }))).toEqual({
      aspectRatio: '1080 / 720',
      backgroundImage: 'url("data:image/webp;base64,AA")',
    });
    expect(mediaBoxStyle(media({ width: 1080, height: 1350 }))).toEqual({ aspectRatio: '1080 / 1350' });
    expect(mediaBoxStyle(media({ placeholder: 'data:image/webp;base64,AA' }))).toEqual({
      backgroundImage: 'url("data:image/webp;base64,AA")',
    });
    expect(mediaBoxStyle(media({}))).toBeUndefined();
  });
});
