import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../http/errors.js';

/**
 * Opaque continuation tokens: base64url(JSON) + '.' + a truncated HMAC, so a client cannot forge a
 * position in someone else's feed and a tampered token is a clear 400 rather than a wrong page.
 * `feed` binds a token to the feed that issued it; `key` is the keyset position after the last item.
 */
const Cursor = z.object({
  feed: z.string(),
  key: z.array(z.union([z.string(), z.number()])),
  snapshot: z.number().optional(),
});
export type Cursor = z.infer<typeof Cursor>;

const MAC_BYTES = 16;

const mac = (secret: Buffer, payload: string) =>
  createHmac('sha256', secret).update(payload).digest().subarray(0, MAC_BYTES);

export function encodeCursor(secret: Buffer, cursor: Cursor): string {
  const payload = Buffer.from(JSON.stringify(cursor)).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

const invalid = () =>
  badRequest('INVALID_CONTINUATION_TOKEN', 'continuationToken is not valid for this feed; start again without it');

export function decodeCursor(secret: Buffer, token: string, feed: string): Cursor {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) throw invalid();
  const given = Buffer.from(signature, 'base64url');
  const wanted = mac(secret, payload);
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) throw invalid();
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const parsed = Cursor.safeParse(json);
  if (!parsed.success || parsed.data.feed !== feed) throw invalid();
  return parsed.data;
}
