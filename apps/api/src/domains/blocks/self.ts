export const cannotBlockSelf = {
  code: 'CANNOT_BLOCK_SELF',
  message: 'You cannot block or unblock yourself; use the id of another citizen',
};

export const cannotMuteSelf = {
  code: 'CANNOT_MUTE_SELF',
  message: 'You cannot mute or unmute yourself; use the id of another citizen',
};
