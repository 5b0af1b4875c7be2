import * as contract from '@civitas/contract';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/** The social service (spec §7): overviews of posts and people, suggestions. Sharing calls stay on the server. */
export const socialApi = createApi({
  ...sliceDefaults,
  reducerPath: 'socialApi',
  tagTypes: ['SocialOverview'],
  endpoints: (build) => ({
    getCitizenSocialOverview: build.query({
      ...fromContract(contract.getCitizenSocialOverview),
      providesTags: (_result, _error, request) => [{ type: 'SocialOverview', id: request.params.id }],
    }),
    getMySocialOverview: build.query({
      ...fromContract(contract.getMySocialOverview),
      providesTags: [{ type: 'SocialOverview', id: 'me' }],
    }),
    getPostOverview: build.query(fromContract(contract.getPostOverview)),
    getPostsOverview: build.query(fromContract(contract.getPostsOverview)),
    getSuggestedCreators: build.infiniteQuery(continuationFromContract(contract.getSuggestedCreators)),
    getMyRelevantCreators: build.query(fromContract(contract.getMyRelevantCreators)),
    getMyRelevantCitizens: build.query(fromContract(contract.getMyRelevantCitizens)),
  }),
});

/** Cached queries holding a post's likes. */
export const likeQueries = ['getPostOverview', 'getPostsOverview'] as const;

/** Cached lists of people I might follow or befriend: a dismissed suggestion leaves them all. */
export const suggestionQueries = ['getSuggestedCreators', 'getMyRelevantCreators', 'getMyRelevantCitizens'] as const;

export const {
  useGetCitizenSocialOverviewQuery,
  useGetMySocialOverviewQuery,
  useGetPostOverviewQuery,
  useGetPostsOverviewQuery,
  useGetSuggestedCreatorsInfiniteQuery,
  useGetMyRelevantCreatorsQuery,
  useGetMyRelevantCitizensQuery,
} = socialApi;
