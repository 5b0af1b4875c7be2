import { cookies } from 'next/headers';
import { sessionCookieNames } from './cookie-names';
import { parseExpiresAt } from './expiry';

/** Who the request is, as far as server rendering needs to know (docs/product.md §3). */
export type ServerSession =
  | { kind: 'citizen'; username: string; token: string; expiresAt: number | undefined }
  | { kind: 'none' };

/**
 * Reads the session from the request's cookies. A citizen session needs both the citizen token and the
 * username (docs/product.md §3). The proxy has already renewed a token that was about to expire (renew-session.ts), so
 * the cookies seen here are the renewed ones; a token that could not be renewed is used while it is valid.
 */
export async function getServerSession(): Promise<ServerSession> {
  const jar = await cookies();
  const names = sessionCookieNames();
  const token = jar.get(names.citizenToken)?.value;
  const username = jar.get(names.username)?.value;
  if (!token || !username) return { kind: 'none' };
  return {
    kind: 'citizen',
    username: decodeURIComponent(username),
    token,
    expiresAt: parseExpiresAt(jar.get(names.expiresAt)?.value),
  };
}
