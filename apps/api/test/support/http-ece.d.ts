// The part of http_ece (the payload encryption of Web Push, RFC 8188) the tests use to read what a browser would
// read of a push; it ships no types.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';

  interface DecryptParams {
    version: 'aes128gcm';
    /** The browser's key pair: the payload was encrypted to its public key. */
    privateKey: ECDH;
    /** The subscription's authentication secret. */
    authSecret: Buffer | string;
  }

  const ece: { decrypt(buffer: Buffer, params: DecryptParams): Buffer };
  export default ece;
}
