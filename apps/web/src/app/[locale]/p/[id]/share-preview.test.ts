import type { PostView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { previewDescription, previewImage } from './share-preview';

const media = (overrides: Partial<PostView['media']>): PostView['media'] => ({
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

const post = (mediaType: PostView['mediaType'], overrides: Partial<PostView['media']>) =>
  ({ mediaType, media: media(overrides) }) as PostView;

describe('share previews', () => {
  it('keeps a short caption as it is, on one line', () => {
    expect(previewDescription('  First light\n\nover the fells.  ')).toBe('First light over the fells.');
  });

  it('cuts a long caption at a word, with an ellipsis, within the limit', () => {
    const text = previewDescription('word '.repeat(100), 50);
    expect(text.length).toBeLessThanOrEqual(50);
    expect(text.endsWith('word…')).toBe(true);
  });

  it('shows the image of an image post and the cover of a video, as absolute addresses', () => {
    const base = 'https://civitas.example';
    expect(previewImage(post('image', { imageUri: '/media/a.jpg', altText: 'Hills' }), base)).toEqual({
      url: 'https://civitas.example/media/a.jpg',
      alt: 'Hills',
    });
    expect(previewImage(post('video', { coverImageUri: '/media/c.jpg', imageUri: null }), base)).toEqual({
      url: 'https://civitas.example/media/c.jpg',
    });
    expect(previewImage(post('image', { imageUri: 'https://cdn.example/x.jpg' }), base)?.url).toBe(
      'https://cdn.example/x.jpg',
    );
    expect(previewImage(post('image', {}), base)).toBeNull();
  });
});
