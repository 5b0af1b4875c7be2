import * as contract from '@civitas/contract';
import { followUpdate } from '../optimistic/follow-updates';
import {
  approveFriendRequestUpdate,
  removeFriendRequestUpdate,
  sendFriendRequestUpdate,
  unfriendUpdate,
} from '../optimistic/friend-updates';
import { likeUpdate } from '../optimistic/like-updates';
import { deletePostUpdate, updateCaptionUpdate } from '../optimistic/post-updates';
import { dismissSuggestionUpdate } from '../optimistic/suggestion-updates';
import { fromContract } from './define';
import { usersApi } from './users-api';

/**
 * The users service's writes whose effect shows at once and is taken back when the call fails (spec §4,
 * DESIGN "Shape of the code" 7). They patch the caches of the other slices, so they live apart from the
 * slice they belong to.
 */
export const usersMutations = usersApi.injectEndpoints({
  endpoints: (build) => ({
    likePost: build.mutation({ ...fromContract(contract.likePost), onQueryStarted: likeUpdate(true) }),
    unlikePost: build.mutation({ ...fromContract(contract.unlikePost), onQueryStarted: likeUpdate(false) }),
    follow: build.mutation({ ...fromContract(contract.follow), onQueryStarted: followUpdate(true) }),
    unfollow: build.mutation({ ...fromContract(contract.unfollow), onQueryStarted: followUpdate(false) }),
    sendFriendRequest: build.mutation({
      ...fromContract(contract.sendFriendRequest),
      onQueryStarted: sendFriendRequestUpdate,
    }),
    cancelFriendRequest: build.mutation({
      ...fromContract(contract.cancelFriendRequest),
      onQueryStarted: removeFriendRequestUpdate,
    }),
    declineFriendRequest: build.mutation({
      ...fromContract(contract.declineFriendRequest),
      onQueryStarted: removeFriendRequestUpdate,
    }),
    approveFriendRequest: build.mutation({
      ...fromContract(contract.approveFriendRequest),
      onQueryStarted: approveFriendRequestUpdate,
    }),
    unfriend: build.mutation({ ...fromContract(contract.unfriend), onQueryStarted: unfriendUpdate }),
    dismissSuggestion: build.mutation({
      ...fromContract(contract.dismissSuggestion),
      onQueryStarted: dismissSuggestionUpdate,
    }),
    deletePost: build.mutation({ ...fromContract(contract.deletePost), onQueryStarted: deletePostUpdate }),
    updateCaption: build.mutation({ ...fromContract(contract.updateCaption), onQueryStarted: updateCaptionUpdate }),
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
} = usersMutations;
