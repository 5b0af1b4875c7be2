import { z } from 'zod';

// The OAuth 2.0 protocol endpoints speak RFC 6749's formats (form bodies, `error`/`error_description`),
// so they are not `defineEndpoint` calls; their inputs are still validated by these schemas.

const pkceValue = z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/, 'must be 43 to 128 unreserved characters (RFC 7636)');

/** What a client's id may be (`civitas client register --id`): plain enough to travel in URLs and logs. */
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{2,99}$/;
export const OauthClientId = z
  .string()
  .regex(CLIENT_ID_PATTERN, 'client_id must be 3 to 100 letters, digits, dots, dashes or underscores');

export const AuthorizeQuery = z.object({
  response_type: z.literal('code', { error: 'response_type must be "code"' }),
  client_id: OauthClientId,
  redirect_uri: z.string().min(1).max(2048),
  state: z.string().min(8, 'state must be at least 8 characters').max(512),
  code_challenge: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'code_challenge must be a base64url SHA-256 digest (S256)'),
  code_challenge_method: z.literal('S256', { error: 'code_challenge_method must be S256' }),
});

export const TokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    code: z.string().min(1).max(200),
    redirect_uri: z.string().min(1).max(2048),
    code_verifier: pkceValue,
    client_id: OauthClientId,
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    refresh_token: z.string().min(1).max(200),
    client_id: OauthClientId,
  }),
]);

export const TokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});

export const OauthError = z.object({ error: z.string(), error_description: z.string() });
