/** The generated endpoint hooks of every service slice: typed from the contract, for components. */
export {
  useGetHashtagFeedInfiniteQuery,
  useGetLovedPostsInfiniteQuery,
  useGetMyPrivateFeedInfiniteQuery,
  useGetMyPublicFeedInfiniteQuery,
  useGetPostQuery,
  useGetProfilePrivateFeedInfiniteQuery,
  useGetStageFeedInfiniteQuery,
} from './content-api';
export {
  useGetMutualConnectionsInfiniteQuery,
  useGetProfileRelevantCitizensInfiniteQuery,
  useGetProfileRelevantCreatorsInfiniteQuery,
  useSearchMentionInfiniteQuery,
} from './graphs-api';
export {
  useConfirmPasswordResetMutation,
  useGetAuthUrlQuery,
  useGetSessionQuery,
  useLogoutMutation,
  useRequestPasswordResetMutation,
  useResendVerificationMutation,
  useSignInMutation,
  useSignUpMutation,
} from './session-api';
export {
  useGetCitizenSocialOverviewQuery,
  useGetMyRelevantCitizensQuery,
  useGetMyRelevantCreatorsQuery,
  useGetMySocialOverviewQuery,
  useGetPostOverviewQuery,
  useGetPostsOverviewQuery,
  useGetSuggestedCreatorsInfiniteQuery,
} from './social-api';
export {
  useCreatePostMutation,
  useGetIncomingFriendRequestsInfiniteQuery,
  useGetMeQuery,
  useGetPostStatusQuery,
  useGetProfileQuery,
  useListHashtagsInfiniteQuery,
  useRemoveMyCoverPictureMutation,
  useRemoveMyProfilePictureMutation,
  useUpdateMyProfileMutation,
  useVerifyEmailMutation,
} from './users-api';
export {
  useApproveFriendRequestMutation,
  useCancelFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useDeletePostMutation,
  useDismissSuggestionMutation,
  useFollowMutation,
  useLikePostMutation,
  useSendFriendRequestMutation,
  useUnfollowMutation,
  useUnfriendMutation,
  useUnlikePostMutation,
  useUpdateCaptionMutation,
} from './users-mutations';
