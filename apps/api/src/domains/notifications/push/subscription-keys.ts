import webpush from 'web-push';

/**
 * Whether a payload can be encrypted to a subscription's keys, asked of the library by encrypting one byte to
 * them: a p256dh that is not a point of the P-256 curve would otherwise be stored, and fail on every push.
 */
export function keysAreUsable(keys: { p256dh: string; auth: string }): boolean {
  try {
    webpush.encrypt(keys.p256dh, keys.auth, '.', 'aes128gcm');
    return true;
  } catch {
    return false;
  }
}
