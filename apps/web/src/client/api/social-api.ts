import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, fromContract, offsetFromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/** The social service (docs/product.md §7): overviews of posts and people, suggestions. Sharing calls stay on the server. */
export const socialApi = createApi({
  ...sliceDefaults,
  reducerPath: 'socialApi',
  tagTypes: ['SocialOverview'],
  endpoints: (build) => ({
    getCitizenSocialOverview: build.query({
      ...fromContract(routeTable.getCitizenSocialOverview),
      providesTags: (_result, _error, request) => [{ type: 'SocialOverview', id: request.params.id }],
    }),
    getMySocialOverview: build.query({
      ...fromContract(routeTable.getMySocialOverview),
      providesTags: [{ type: 'SocialOverview', id: 'me' }],
    }),
    getPostOverview: build.query(fromContract(routeTable.getPostOverview)),
    getPostsOverview: build.query(fromContract(routeTable.getPostsOverview)),
    getSuggestedCreators: build.infiniteQuery(continuationFromContract(routeTable.getSuggestedCreators)),
    getMyRelevantCreators: build.query(fromContract(routeTable.getMyRelevantCreators)),
    getMyRelevantCitizens: build.query(fromContract(routeTable.getMyRelevantCitizens)),
    // Who liked a post (ADR 080), the list behind its count.
    getPostLikers: build.infiniteQuery(offsetFromContract(routeTable.getPostLikers)),
  }),
});

/** Cached queries holding a post's likes. */
export const likeQueries = ['getPostOverview', 'getPostsOverview'] as const;

/** Cached lists of people I might follow or befriend: a dismissed suggestion leaves them all. */
export const suggestionQueries = ['getSuggestedCreators', 'getMyRelevantCreators', 'getMyRelevantCitizens'] as const;

/** Cached lists of people of this service that a follow changes (the people lists of the graphs service are its own). */
export const socialPeopleQueries = ['getPostLikers'] as const;

export const {
  useGetPostLikersInfiniteQuery,
  useGetCitizenSocialOverviewQuery,
  useGetMySocialOverviewQuery,
  useGetPostOverviewQuery,
  useGetPostsOverviewQuery,
  useGetSuggestedCreatorsInfiniteQuery,
  useGetMyRelevantCreatorsQuery,
  useGetMyRelevantCitizensQuery,
} = socialApi;
