import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { continuationFromContract, fromContract } from './define';
import { sliceDefaults } from './slice-defaults';

/**
 * The content service as the browser uses it (docs/product.md §7). The sharing calls need a machine token, so only
 * server rendering makes them (with `buildRequest` and its own token), never the browser.
 */
export const contentApi = createApi({
  ...sliceDefaults,
  reducerPath: 'contentApi',
  tagTypes: ['MyFeed', 'PrivateFeed', 'LovedPosts', 'Comments'],
  endpoints: (build) => ({
    getPost: build.query(fromContract(routeTable.getPost)),
    getStageFeed: build.infiniteQuery(continuationFromContract(routeTable.getStageFeed)),
    getMyPublicFeed: build.infiniteQuery({
      ...continuationFromContract(routeTable.getMyPublicFeed),
      providesTags: ['MyFeed'],
    }),
    getMyPrivateFeed: build.infiniteQuery({
      ...continuationFromContract(routeTable.getMyPrivateFeed),
      providesTags: ['MyFeed'],
    }),
    getProfilePrivateFeed: build.infiniteQuery({
      ...continuationFromContract(routeTable.getProfilePrivateFeed),
      providesTags: (_result, _error, request) => [{ type: 'PrivateFeed', id: request.params.citizenId }],
    }),
    getLovedPosts: build.infiniteQuery({
      ...continuationFromContract(routeTable.getLovedPosts),
      // Any like or unlike of mine changes my own list of loved posts (like-updates.ts).
      providesTags: ['LovedPosts'],
    }),
    getHashtagFeed: build.infiniteQuery(continuationFromContract(routeTable.getHashtagFeed)),
    getFollowingFeed: build.infiniteQuery(continuationFromContract(routeTable.getFollowingFeed)),
    // A post's comments (ADR 084), for guests too; the comment writes patch them (optimistic/comment-updates.ts).
    getComments: build.infiniteQuery({
      ...continuationFromContract(routeTable.getComments),
      providesTags: (_result, _error, request) => [{ type: 'Comments', id: request.params.id }],
    }),
  }),
});

/** Every cached list that can hold a post: a deleted post leaves them all at once. */
export const postListQueries = [
  'getStageFeed',
  'getMyPublicFeed',
  'getMyPrivateFeed',
  'getProfilePrivateFeed',
  'getLovedPosts',
  'getHashtagFeed',
  'getFollowingFeed',
] as const;

/** Every cached query that can hold a post. */
export const postQueries = ['getPost', ...postListQueries] as const;

export const {
  useGetPostQuery,
  useGetStageFeedInfiniteQuery,
  useGetMyPublicFeedInfiniteQuery,
  useGetMyPrivateFeedInfiniteQuery,
  useGetProfilePrivateFeedInfiniteQuery,
  useGetLovedPostsInfiniteQuery,
  useGetHashtagFeedInfiniteQuery,
  useGetFollowingFeedInfiniteQuery,
  useGetCommentsInfiniteQuery,
} = contentApi;
