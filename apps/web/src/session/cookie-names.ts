/**
 * The web session's cookies as the API sets them (ADR 005): on an HTTPS deployment they carry the `__Host-`
 * (or `__Secure-`) prefix, which browsers accept only from a secure origin, so only that spelling is trusted.
 */
export interface SessionCookieNames {
  citizenToken: string;
  username: string;
  expiresAt: string;
  refreshToken: string;
}

export function sessionCookieNames(publicUrl: string | undefined = process.env.PUBLIC_URL): SessionCookieNames {
  const secure = publicUrl?.startsWith('https://') ?? false;
  const host = secure ? '__Host-' : '';
  return {
    citizenToken: `${host}civitas_citizen_token`,
    username: `${host}civitas_username`,
    expiresAt: `${host}civitas_session_expires`,
    refreshToken: `${secure ? '__Secure-' : ''}civitas_refresh_token`,
  };
}
