import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { contentApi } from './content-api';
import { fromContract, offsetFromContract } from './define';
import { sliceDefaults } from './slice-defaults';
import { socialApi } from './social-api';

/**
 * The users service (spec §7): my profile and its editing, profiles, hashtags, posting. The optimistic writes (likes,
 * follows, friends, dismissals, delete, caption) are injected by `users-mutations.ts`.
 */
export const usersApi = createApi({
  ...sliceDefaults,
  reducerPath: 'usersApi',
  tagTypes: ['Me'],
  endpoints: (build) => ({
    getMe: build.query({ ...fromContract(routeTable.getMe), providesTags: ['Me'] }),
    getProfile: build.query(fromContract(routeTable.getProfile)),
    getPostStatus: build.query(fromContract(routeTable.getPostStatus)),
    listHashtags: build.infiniteQuery(offsetFromContract(routeTable.listHashtags)),
    updateMyProfile: build.mutation({
      ...fromContract(routeTable.updateMyProfile),
      // The answer is my profile as saved: it replaces the cached one, and my posts (which carry my name) are
      // fetched again.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(
          ({ data }) => {
            dispatch(usersApi.util.upsertQueryData('getMe', undefined, data));
            dispatch(contentApi.util.invalidateTags(['MyFeed']));
          },
          () => undefined,
        );
      },
    }),
    verifyEmail: build.mutation(fromContract(routeTable.verifyEmail)),
    // The upload calls (ADR 009); the parts themselves go by XMLHttpRequest (client/upload), for progress.
    initiateUpload: build.mutation(fromContract(routeTable.initiateUpload)),
    listUploadParts: build.mutation(fromContract(routeTable.listUploadParts)),
    completeUpload: build.mutation(fromContract(routeTable.completeUpload)),
    abortUpload: build.mutation(fromContract(routeTable.abortUpload)),
    createPost: build.mutation({
      ...fromContract(routeTable.createPost),
      // A new post belongs in my feeds and counts; they are fetched again rather than guessed.
      async onQueryStarted(_request, { dispatch, queryFulfilled }) {
        await queryFulfilled.then(
          () => {
            dispatch(contentApi.util.invalidateTags(['MyFeed']));
            dispatch(socialApi.util.invalidateTags([{ type: 'SocialOverview', id: 'me' }]));
            dispatch(usersApi.util.invalidateTags(['Me']));
          },
          () => undefined,
        );
      },
    }),
  }),
});

/** Cached queries holding my own counts. */
export const myProfileQueries = ['getMe'] as const;

export const {
  useGetMeQuery,
  useGetProfileQuery,
  useGetPostStatusQuery,
  useListHashtagsInfiniteQuery,
  useVerifyEmailMutation,
  useCreatePostMutation,
  useUpdateMyProfileMutation,
} = usersApi;
