import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, offsetFromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/** The graphs service (docs/product.md §7): people lists, paged by limit and offset. */
export const graphsApi = createApi({
  ...sliceDefaults,
  reducerPath: 'graphsApi',
  endpoints: (build) => ({
    searchMention: build.infiniteQuery(offsetFromContract(routeTable.searchMention)),
    // Search (ADR 082): people or hashtags, for guests too.
    search: build.infiniteQuery(continuationFromContract(routeTable.search)),
    getProfileRelevantCreators: build.infiniteQuery(offsetFromContract(routeTable.getProfileRelevantCreators)),
    getProfileRelevantCitizens: build.infiniteQuery(offsetFromContract(routeTable.getProfileRelevantCitizens)),
    getMutualConnections: build.infiniteQuery(offsetFromContract(routeTable.getMutualConnections)),
    // The lists behind a profile's counts (ADR 080).
    getFollowers: build.infiniteQuery(offsetFromContract(routeTable.getFollowers)),
    getFollowing: build.infiniteQuery(offsetFromContract(routeTable.getFollowing)),
    getFriends: build.infiniteQuery(offsetFromContract(routeTable.getFriends)),
  }),
});

/**
 * Cached people lists: follows change them, a dismissed suggestion leaves the relevant ones. A search's pages may hold
 * hashtags instead: the recipes change only the people they recognise.
 */
export const peopleQueries = [
  'searchMention',
  'search',
  'getProfileRelevantCreators',
  'getProfileRelevantCitizens',
  'getMutualConnections',
  'getFollowers',
  'getFollowing',
  'getFriends',
] as const;
export const relevantPeopleQueries = ['getProfileRelevantCreators', 'getProfileRelevantCitizens'] as const;

export const {
  useSearchMentionInfiniteQuery,
  useSearchInfiniteQuery,
  useGetProfileRelevantCreatorsInfiniteQuery,
  useGetProfileRelevantCitizensInfiniteQuery,
  useGetMutualConnectionsInfiniteQuery,
  useGetFollowersInfiniteQuery,
  useGetFollowingInfiniteQuery,
  useGetFriendsInfiniteQuery,
} = graphsApi;
