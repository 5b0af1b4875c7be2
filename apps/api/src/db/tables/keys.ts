/** A token signing key (ADR 017): the newest active generation signs, every one not retired verifies. */
export interface SigningKeysTable {
  kid: string;
  generation: number;
  /** The private key as a JWK (JSON), with its kid. */
  private_jwk: string;
  created_at: number;
  retired_at: number | null;
}

/** A secret every instance must share (the continuation-token secret, the SSR client's secret), by name. */
export interface ServerSecretsTable {
  name: string;
  value: string;
  created_at: number;
}
