/** A one-time code emailed to a citizen: verifying the address or resetting the password. */
export interface EmailCodesTable {
  citizen_id: string;
  purpose: 'verify_email' | 'reset_password';
  /** HMAC of the code under the server secret: a leaked table does not reveal live codes. */
  code_hash: string;
  attempts: number;
  expires_at: number;
  created_at: number;
}

/** A single-use OAuth authorization code bound to its client, redirect URI and PKCE challenge. */
export interface AuthorizationCodesTable {
  code_hash: string;
  client_id: string;
  citizen_id: string;
  redirect_uri: string;
  code_challenge: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}
