'use client';

import {
  useGetIncomingFriendRequestsInfiniteQuery,
  useGetMyRelevantCitizensQuery,
  useGetMyRelevantCreatorsQuery,
  useGetSuggestedCreatorsInfiniteQuery,
} from '@/client';
import { keepInPages, placeEachOnce, type Section } from '@/components/people/once-on-the-page';
import { FriendRequestsSection } from './friend-requests-section';
import { RelevantSection } from './relevant-section';
import { SuggestedSection } from './suggested-section';

const loaded = <T,>(result: { data?: { pages: readonly { readonly data: readonly T[] }[] } }) =>
  result.data?.pages.flatMap((page) => page.data) ?? [];

/**
 * The People page's four lists, each person in one of them only: the strongest reason wins (ADR 065, the order
 * in once-on-the-page.ts). A list whose people all appear above is left out rather than called empty.
 */
export function PeopleSections() {
  const requests = useGetIncomingFriendRequestsInfiniteQuery({ query: { size: 10 } });
  const suggestions = useGetSuggestedCreatorsInfiniteQuery({ query: { size: 10 } });
  const creators = useGetMyRelevantCreatorsQuery(undefined);
  const citizens = useGetMyRelevantCitizensQuery(undefined);

  const places = placeEachOnce({
    requests: loaded(requests).map((request) => request.from.id),
    suggested: loaded(suggestions).map((suggestion) => suggestion.citizenId),
    creators: creators.data?.data.map((person) => person.id) ?? [],
    citizens: citizens.data?.data.map((person) => person.id) ?? [],
  });
  const placedIn = (section: Section) => (id: string) => places.get(id) === section;
  const inSuggested = placedIn('suggested');
  const shownSuggestions = keepInPages(suggestions, (suggestion) => inSuggested(suggestion.citizenId));
  const allAbove = loaded(suggestions).length > 0 && loaded(shownSuggestions).length === 0 && !suggestions.hasNextPage;

  return (
    <>
      <FriendRequestsSection requests={requests} />
      {allAbove ? null : <SuggestedSection suggestions={shownSuggestions} />}
      <RelevantSection which="creators" result={creators} keep={placedIn('creators')} />
      <RelevantSection which="citizens" result={citizens} keep={placedIn('citizens')} />
    </>
  );
}
