import { routeTable } from '@civitas/contract/routes-table';
import { createCommentUpdate, deleteCommentUpdate, setPostCommentsUpdate } from '../optimistic/comment-updates';
import { followUpdate } from '../optimistic/follow-updates';
import {
  approveFriendRequestUpdate,
  removeFriendRequestUpdate,
  sendFriendRequestUpdate,
  unfriendUpdate,
} from '../optimistic/friend-updates';
import { likeUpdate } from '../optimistic/like-updates';
import { deletePostUpdate, updateCaptionUpdate } from '../optimistic/post-updates';
import { safetyUpdate } from '../optimistic/safety-updates';
import { dismissSuggestionUpdate } from '../optimistic/suggestion-updates';
import { fromContract } from './define';
import { usersApi } from './users-api';

/**
 * The users service's writes whose effect shows at once and is taken back when the call fails (docs/product.md §4,
 * docs/design.md §4.7). They patch the caches of the other slices, so they live apart from the
 * slice they belong to.
 */
export const usersMutations = usersApi.injectEndpoints({
  endpoints: (build) => ({
    likePost: build.mutation({ ...fromContract(routeTable.likePost), onQueryStarted: likeUpdate(true) }),
    unlikePost: build.mutation({ ...fromContract(routeTable.unlikePost), onQueryStarted: likeUpdate(false) }),
    follow: build.mutation({ ...fromContract(routeTable.follow), onQueryStarted: followUpdate(true) }),
    unfollow: build.mutation({ ...fromContract(routeTable.unfollow), onQueryStarted: followUpdate(false) }),
    sendFriendRequest: build.mutation({
      ...fromContract(routeTable.sendFriendRequest),
      onQueryStarted: sendFriendRequestUpdate,
    }),
    cancelFriendRequest: build.mutation({
      ...fromContract(routeTable.cancelFriendRequest),
      onQueryStarted: removeFriendRequestUpdate,
    }),
    declineFriendRequest: build.mutation({
      ...fromContract(routeTable.declineFriendRequest),
      onQueryStarted: removeFriendRequestUpdate,
    }),
    approveFriendRequest: build.mutation({
      ...fromContract(routeTable.approveFriendRequest),
      onQueryStarted: approveFriendRequestUpdate,
    }),
    unfriend: build.mutation({ ...fromContract(routeTable.unfriend), onQueryStarted: unfriendUpdate }),
    dismissSuggestion: build.mutation({
      ...fromContract(routeTable.dismissSuggestion),
      onQueryStarted: dismissSuggestionUpdate,
    }),
    deletePost: build.mutation({ ...fromContract(routeTable.deletePost), onQueryStarted: deletePostUpdate }),
    updateCaption: build.mutation({ ...fromContract(routeTable.updateCaption), onQueryStarted: updateCaptionUpdate }),
    block: build.mutation({ ...fromContract(routeTable.block), onQueryStarted: safetyUpdate('Blocked') }),
    unblock: build.mutation({ ...fromContract(routeTable.unblock), onQueryStarted: safetyUpdate('Blocked') }),
    mute: build.mutation({ ...fromContract(routeTable.mute), onQueryStarted: safetyUpdate('Muted') }),
    unmute: build.mutation({ ...fromContract(routeTable.unmute), onQueryStarted: safetyUpdate('Muted') }),
    // Comments (ADR 084): a new one and a deletion show at once, as does the author's switch.
    createComment: build.mutation({ ...fromContract(routeTable.createComment), onQueryStarted: createCommentUpdate }),
    deleteComment: build.mutation({ ...fromContract(routeTable.deleteComment), onQueryStarted: deleteCommentUpdate }),
    setPostComments: build.mutation({
      ...fromContract(routeTable.setPostComments),
      onQueryStarted: setPostCommentsUpdate,
    }),
  }),
});

export const {
  useLikePostMutation,
  useUnlikePostMutation,
  useFollowMutation,
  useUnfollowMutation,
  useSendFriendRequestMutation,
  useCancelFriendRequestMutation,
  useDeclineFriendRequestMutation,
  useApproveFriendRequestMutation,
  useUnfriendMutation,
  useDismissSuggestionMutation,
  useDeletePostMutation,
  useUpdateCaptionMutation,
  useBlockMutation,
  useUnblockMutation,
  useMuteMutation,
  useUnmuteMutation,
  useCreateCommentMutation,
  useDeleteCommentMutation,
  useSetPostCommentsMutation,
} = usersMutations;
