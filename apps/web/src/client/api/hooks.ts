/** The generated endpoint hooks of every service slice: typed from the contract, for components. */
export {
  useGetFollowingFeedInfiniteQuery,
  useGetHashtagFeedInfiniteQuery,
  useGetLovedPostsInfiniteQuery,
  useGetMyPrivateFeedInfiniteQuery,
  useGetMyPublicFeedInfiniteQuery,
  useGetPostQuery,
  useGetProfilePrivateFeedInfiniteQuery,
  useGetStageFeedInfiniteQuery,
} from './content-api';
export {
  useGetFollowersInfiniteQuery,
  useGetFollowingInfiniteQuery,
  useGetFriendsInfiniteQuery,
  useGetMutualConnectionsInfiniteQuery,
  useGetProfileRelevantCitizensInfiniteQuery,
  useGetProfileRelevantCreatorsInfiniteQuery,
  useSearchInfiniteQuery,
  useSearchMentionInfiniteQuery,
} from './graphs-api';
export { useCreateReportMutation, useGetMyReportsInfiniteQuery } from './moderation-api';
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
  useGetPostLikersInfiniteQuery,
  useGetPostOverviewQuery,
  useGetPostsOverviewQuery,
  useGetSuggestedCreatorsInfiniteQuery,
} from './social-api';
export {
  useCreatePostMutation,
  useGetBlockedInfiniteQuery,
  useGetIncomingFriendRequestsInfiniteQuery,
  useGetMeQuery,
  useGetMutedInfiniteQuery,
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
  useBlockMutation,
  useCancelFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useDeletePostMutation,
  useDismissSuggestionMutation,
  useFollowMutation,
  useLikePostMutation,
  useMuteMutation,
  useSendFriendRequestMutation,
  useUnblockMutation,
  useUnfollowMutation,
  useUnfriendMutation,
  useUnlikePostMutation,
  useUnmuteMutation,
  useUpdateCaptionMutation,
} from './users-mutations';
