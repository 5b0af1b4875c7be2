import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { offsetFromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/** The graphs service (docs/product.md §7): people lists, paged by limit and offset. */
export const graphsApi = createApi({
  ...sliceDefaults,
  reducerPath: 'graphsApi',
  endpoints: (build) => ({
    searchMention: build.infiniteQuery(offsetFromContract(routeTable.searchMention)),
    getProfileRelevantCreators: build.infiniteQuery(offsetFromContract(routeTable.getProfileRelevantCreators)),
    getProfileRelevantCitizens: build.infiniteQuery(offsetFromContract(routeTable.getProfileRelevantCitizens)),
    getMutualConnections: build.infiniteQuery(offsetFromContract(routeTable.getMutualConnections)),
    // The lists behind a profile's counts (ADR 080).
    getFollowers: build.infiniteQuery(offsetFromContract(routeTable.getFollowers)),
    getFollowing: build.infiniteQuery(offsetFromContract(routeTable.getFollowing)),
    getFriends: build.infiniteQuery(offsetFromContract(routeTable.getFriends)),
  }),
});

/** Cached people lists: follows change them, a dismissed suggestion leaves the relevant ones. */
export const peopleQueries = [
  'searchMention',
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
  useGetProfileRelevantCreatorsInfiniteQuery,
  useGetProfileRelevantCitizensInfiniteQuery,
  useGetMutualConnectionsInfiniteQuery,
  useGetFollowersInfiniteQuery,
  useGetFollowingInfiniteQuery,
  useGetFriendsInfiniteQuery,
} = graphsApi;
