export interface OauthClientsTable {
  id: string;
  name: string;
  secret_hash: string | null;
  /** JSON array of allowed scopes. */
  scopes: string;
  /** JSON array of registered redirect URIs. */
  redirect_uris: string;
  created_at: number;
}

export interface RefreshTokensTable {
  id: string;
  family_id: string;
  citizen_id: string;
  token_hash: string;
  created_at: number;
  expires_at: number;
  absolute_expires_at: number;
  used_at: number | null;
  revoked_at: number | null;
}
