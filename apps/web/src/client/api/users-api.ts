import type { MyProfileView } from '@civitas/contract';
import { routeTable } from '@civitas/contract/routes-table';
import { createApi } from '@reduxjs/toolkit/query/react';
import { contentApi } from './content-api';
import { continuationFromContract, fromContract, offsetFromContract } from './define';
import { sliceDefaults } from './slice-defaults';
import { socialApi } from './social-api';

/**
 * The users service (docs/product.md §7): my profile and its editing, profiles, hashtags, posting. The optimistic writes (likes,
 * follows, friends, dismissals, delete, caption) are injected by `users-mutations.ts`.
 */
export const usersApi = createApi({
  ...sliceDefaults,
  reducerPath: 'usersApi',
  tagTypes: ['Me', 'Blocked', 'Muted'],
  endpoints: (build) => ({
    getMe: build.query({ ...fromContract(routeTable.getMe), providesTags: ['Me'] }),
    getProfile: build.query(fromContract(routeTable.getProfile)),
    getIncomingFriendRequests: build.infiniteQuery(continuationFromContract(routeTable.getIncomingFriendRequests)),
    getPostStatus: build.query(fromContract(routeTable.getPostStatus)),
    // Whom I blocked and muted (ADR 069), listed on /me/safety; a block or mute made elsewhere refetches them.
    getBlocked: build.infiniteQuery({
      ...continuationFromContract(routeTable.getBlocked),
      providesTags: ['Blocked'],
    }),
    getMuted: build.infiniteQuery({ ...continuationFromContract(routeTable.getMuted), providesTags: ['Muted'] }),
    listHashtags: build.infiniteQuery(offsetFromContract(routeTable.listHashtags)),
    updateMyProfile: build.mutation({ ...fromContract(routeTable.updateMyProfile), onQueryStarted: answersMyProfile }),
    removeMyProfilePicture: build.mutation({
      ...fromContract(routeTable.removeMyProfilePicture),
      onQueryStarted: answersMyProfile,
    }),
    removeMyCoverPicture: build.mutation({
      ...fromContract(routeTable.removeMyCoverPicture),
      onQueryStarted: answersMyProfile,
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

/**
 * A dispatch that takes what `myProfileSaved` dispatches; the store's is one. Not the store's own type, which is
 * made of this slice: naming it here tied the slice and the store in a circle of imports.
 */
type ProfileSavedDispatch = (
  action: ReturnType<typeof usersApi.util.upsertQueryData<'getMe'>> | ReturnType<typeof contentApi.util.invalidateTags>,
) => unknown;

/**
 * My profile as a call saved it (name, bio, picture): it replaces the cached one, which the header's picture
 * follows, and my posts, which carry my name and picture, are fetched again.
 */
export function myProfileSaved(dispatch: ProfileSavedDispatch, profile: MyProfileView): void {
  dispatch(usersApi.util.upsertQueryData('getMe', undefined, profile));
  dispatch(contentApi.util.invalidateTags(['MyFeed']));
}

/** The lifecycle of a call that answers my profile as it saved it. */
async function answersMyProfile(
  _request: unknown,
  lifecycle: { dispatch: unknown; queryFulfilled: Promise<{ data: MyProfileView }> },
): Promise<void> {
  // The store's dispatch, not named in the parameter's type: this slice is part of what the store's type is made of.
  const dispatch = lifecycle.dispatch as ProfileSavedDispatch;
  await lifecycle.queryFulfilled.then(
    ({ data }) => myProfileSaved(dispatch, data),
    () => undefined,
  );
}

/** Cached queries holding my own counts. */
export const myProfileQueries = ['getMe'] as const;

export const {
  useGetMeQuery,
  useGetProfileQuery,
  useGetIncomingFriendRequestsInfiniteQuery,
  useGetPostStatusQuery,
  useGetBlockedInfiniteQuery,
  useGetMutedInfiniteQuery,
  useListHashtagsInfiniteQuery,
  useVerifyEmailMutation,
  useCreatePostMutation,
  useUpdateMyProfileMutation,
  useRemoveMyProfilePictureMutation,
  useRemoveMyCoverPictureMutation,
} = usersApi;
