/** The path and query the browser asked for, before the locale rewrite; set by the proxy on every request. */
export const requestPathHeader = 'x-civitas-path';

const authPages = ['/sign-in', '/sign-up', '/verify-email', '/forgot-password', '/reset-password'];

/** The account pages (sign-in, sign-up and the rest): steps on the way in, never a place to come back to. */
export const isAuthPage = (pathname: string): boolean =>
  authPages.some((page) => pathname === page || pathname.startsWith(`${page}/`));

/**
 * Where to come back to after signing in from a page: the page itself, except the account pages (signing in
 * from the sign-up page should not lead back to it). Only a path on this site, never another origin.
 */
export function returnPathFor(requested: string | null | undefined): string {
  if (!requested || !/^\/(?![/\\])/.test(requested)) return '/';
  const pathname = requested.split('?')[0] ?? '/';
  if (isAuthPage(pathname)) return '/';
  return /\s/.test(requested) ? '/' : requested;
}

/** The header's sign-in link: the own-origin login route, which starts authorization code + PKCE (ADR 005). */
export const signInHref = (requested: string | null | undefined): string =>
  `/api/auth/login?next=${encodeURIComponent(returnPathFor(requested))}`;
