import type { InfiniteResult } from '../feed/infinite-list';

/**
 * The People page's sections in the order of their reasons' strength (ADR 065): a friend request waiting for my
 * answer says most (they asked for me), then a suggestion (it names why), then "creators you may like", then
 * "people you may know". Each person is shown once, in the first of these that holds them.
 */
export const sectionOrder = ['requests', 'suggested', 'creators', 'citizens'] as const;
export type Section = (typeof sectionOrder)[number];

/** Which section shows each person, given the ids each section's lists hold. */
export function placeEachOnce(idsBySection: Readonly<Record<Section, readonly string[]>>): Map<string, Section> {
  const places = new Map<string, Section>();
  for (const section of sectionOrder) {
    for (const id of idsBySection[section]) if (!places.has(id)) places.set(id, section);
  }
  return places;
}

/** An infinite list's result with only the items `keep` accepts, paging state untouched. */
export function keepInPages<T>(result: InfiniteResult<T>, keep: (item: T) => boolean): InfiniteResult<T> {
  if (!result.data) return result;
  return { ...result, data: { pages: result.data.pages.map((page) => ({ data: page.data.filter(keep) })) } };
}
