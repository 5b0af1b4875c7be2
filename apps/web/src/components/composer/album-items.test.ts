import { describe, expect, it } from 'vitest';
import {
  ALBUM_MAX_ITEMS,
  addItems,
  type ComposedItem,
  changeAltText,
  inParallel,
  mediaRequest,
  moveItem,
  moveItemTo,
  overallProgress,
  plannedUploads,
  removeItem,
  uploadKey,
} from './album-items';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const picture = (id: number, altText = ''): ComposedItem => ({
  id,
  file: file(`p${id}.jpg`, id * 10),
  mediaType: 'image',
  altText,
  cover: null,
});
const video = (id: number, cover: File | null = null): ComposedItem => ({
  id,
  file: file(`v${id}.mp4`, id * 100),
  mediaType: 'video',
  altText: '',
  cover,
});
const ids = (items: ComposedItem[]) => items.map((item) => item.id);

describe('an album being composed', () => {
  it('adds files in order up to ten, and names those that did not fit', () => {
    expect(ALBUM_MAX_ITEMS).toBe(10);
    const eight = Array.from({ length: 8 }, (_, at) => picture(at + 1));
    const { items, left } = addItems(eight, [picture(9), video(10), picture(11), picture(12)]);
    expect(ids(items)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(left.map((one) => one.name)).toEqual(['p11.jpg', 'p12.jpg']);
    expect(addItems(items, [picture(13)]).left).toHaveLength(1);
    expect(addItems([], [picture(1)])).toEqual({ items: [picture(1)], left: [] });
  });

  it('removes and reorders items, an end staying put', () => {
    const items = [picture(1), video(2), picture(3)];
    expect(ids(removeItem(items, 2))).toEqual([1, 3]);
    expect(ids(moveItem(items, 3, -1))).toEqual([1, 3, 2]);
    expect(ids(moveItem(items, 1, 1))).toEqual([2, 1, 3]);
    expect(ids(moveItem(items, 1, -1))).toEqual([1, 2, 3]);
    expect(ids(moveItem(items, 3, 1))).toEqual([1, 2, 3]);
    expect(ids(moveItemTo(items, 3, 0))).toEqual([3, 1, 2]);
    expect(ids(moveItemTo(items, 1, 2))).toEqual([2, 3, 1]);
    // Nothing else changes with a move, and the list given is never changed itself.
    expect(ids(items)).toEqual([1, 2, 3]);
    expect(changeAltText(items, 3, 'A hill')[2]?.altText).toBe('A hill');
  });

  it('makes the create body: the first item as a single post, the rest in moreMedia, in order', () => {
    expect(mediaRequest([picture(1, '  A lake ')])).toEqual({ mediaType: 'image', altText: 'A lake' });
    expect(mediaRequest([video(1)])).toEqual({ mediaType: 'video' });
    expect(mediaRequest([video(1), picture(2, 'A hill'), picture(3)])).toEqual({
      mediaType: 'video',
      moreMedia: [{ mediaType: 'image', altText: 'A hill' }, { mediaType: 'image' }],
    });
    // A video's alt text (never asked for) is not sent.
    expect(mediaRequest([picture(1, 'Sea'), { ...video(2), altText: 'x' }])).toEqual({
      mediaType: 'image',
      altText: 'Sea',
      moreMedia: [{ mediaType: 'video' }],
    });
    expect(() => mediaRequest([])).toThrow();
  });

  it('plans every upload at its position, covers first, skipping what the post already has', () => {
    const cover = file('cover.jpg');
    const items = [picture(1), video(2, cover), picture(3)];
    const planned = plannedUploads(items, new Map());
    expect(planned.map(({ kind, position }) => `${position}:${kind}`)).toEqual([
      '1:video-cover-image-upload',
      '0:image-upload',
      '1:video-upload',
      '2:image-upload',
    ]);
    const completed = new Map([
      [uploadKey({ position: 0, kind: 'image-upload' }), items[0]?.file as File],
      [uploadKey({ position: 1, kind: 'video-cover-image-upload' }), cover],
      // Another file was at position 2 when it was sent (the items were reordered since): sent again.
      [uploadKey({ position: 2, kind: 'image-upload' }), file('old.jpg')],
    ]);
    expect(plannedUploads(items, completed).map(({ kind, position }) => `${position}:${kind}`)).toEqual([
      '1:video-upload',
      '2:image-upload',
    ]);
  });

  it('adds up the bytes sent over every upload for one progress', () => {
    const planned = plannedUploads([picture(1), picture(2), video(3)], new Map()); // 10, 20 and 300 bytes
    expect(overallProgress(new Map(), planned)).toEqual({ sent: 0, total: 330 });
    const sent = new Map([
      ['0:image-upload', 10],
      ['1:image-upload', 5],
      ['2:video-upload', 150],
    ]);
    expect(overallProgress(sent, planned)).toEqual({ sent: 165, total: 330 });
    // A count past a file's size (a part sent again) never takes the bar past the total.
    expect(overallProgress(new Map([['0:image-upload', 99]]), planned).sent).toBe(10);
  });
});

describe('inParallel', () => {
  const later = <T>(value: T, ms: number) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

  it('runs at most `limit` tasks at once and answers in order', async () => {
    let running = 0;
    let most = 0;
    const task = (value: number) => async () => {
      running += 1;
      most = Math.max(most, running);
      await later(null, 5 + (value % 3) * 5);
      running -= 1;
      return value;
    };
    expect(await inParallel([1, 2, 3, 4, 5, 6, 7].map(task), 3)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('starts nothing more after a failure and throws the first one', async () => {
    const started: number[] = [];
    const tasks = [1, 2, 3, 4, 5].map((value) => async () => {
      started.push(value);
      if (value === 1) throw new Error('first failed');
      await later(null, 10);
      return value;
    });
    await expect(inParallel(tasks, 2)).rejects.toThrow('first failed');
    expect(started).toEqual([1, 2]);
  });
});
