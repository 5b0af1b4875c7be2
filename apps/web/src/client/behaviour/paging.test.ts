import { describe, expect, it } from 'vitest';
import { mergePages, nextContinuationToken, nextOffset, offsetOfPage } from './paging';

describe('continuation paging', () => {
  it('goes on with the token of a page that has items', () => {
    expect(nextContinuationToken({ data: [1], continuationToken: 'abc' })).toBe('abc');
  });

  it('stops on an empty page, even with a token', () => {
    expect(nextContinuationToken({ data: [], continuationToken: 'abc' })).toBeUndefined();
  });

  it('stops when there is no token', () => {
    expect(nextContinuationToken({ data: [1], continuationToken: null })).toBeUndefined();
  });
});

describe('offset paging (docs/product.md §9)', () => {
  it('page 1 is offset 0 and each next offset adds the limit', () => {
    expect(offsetOfPage(1, 20)).toBe(0);
    expect(offsetOfPage(3, 20)).toBe(40);
    expect(nextOffset({ data: [1, 2], total: 100 }, 40, 20)).toBe(60);
  });

  it('stops on an empty page, or on the page that reaches the total', () => {
    expect(nextOffset({ data: [], total: 100 }, 60, 20)).toBeUndefined();
    expect(nextOffset({ data: [1], total: 1 }, 0, 20)).toBeUndefined();
    expect(nextOffset({ data: [1, 2], total: 42 }, 40, 20)).toBeUndefined();
    expect(nextOffset({ data: [1, 2], total: 43 }, 40, 20)).toBe(60);
  });
});

describe('mergePages', () => {
  it('keeps every item once, where it was first seen, in page order', () => {
    const pages = [{ data: [{ id: 'a' }, { id: 'b' }] }, { data: [{ id: 'b' }, { id: 'c' }] }, { data: [] }];
    expect(mergePages(pages, (item) => item.id).map((item) => item.id)).toEqual(['a', 'b', 'c']);
  });
});
