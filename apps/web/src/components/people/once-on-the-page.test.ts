import { describe, expect, it } from 'vitest';
import { keepInPages, placeEachOnce } from './once-on-the-page';

describe('each person once on the People page', () => {
  it('places a person in the strongest section that holds them', () => {
    const places = placeEachOnce({
      requests: ['dave'],
      suggested: ['bob', 'dave', 'carol'],
      creators: ['carol', 'bob', 'frank'],
      citizens: ['frank', 'dave', 'grace'],
    });
    expect(Object.fromEntries(places)).toEqual({
      dave: 'requests',
      bob: 'suggested',
      carol: 'suggested',
      frank: 'creators',
      grace: 'citizens',
    });
  });

  it('filters the loaded pages and keeps the paging state', () => {
    const fetchNextPage = () => undefined;
    const result = {
      data: { pages: [{ data: ['a', 'b'] }, { data: ['c'] }] },
      isLoading: false,
      isFetchingNextPage: false,
      hasNextPage: true,
      fetchNextPage,
      refetch: fetchNextPage,
    };
    const kept = keepInPages(result, (item) => item !== 'b');
    expect(kept.data?.pages).toEqual([{ data: ['a'] }, { data: ['c'] }]);
    expect(kept.hasNextPage).toBe(true);
    expect(kept.fetchNextPage).toBe(fetchNextPage);
  });
});
