export const cannotFollowSelf = {
  code: 'CANNOT_FOLLOW_SELF',
  message: 'You cannot follow or unfollow yourself; use the id of another citizen',
};
