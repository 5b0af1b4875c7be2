import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { KEY_SET_MAX_AGE_MS } from '../../../http/auth/key-ring.js';

export const jwksPath = '/api/identity/.well-known/jwks.json';

/**
 * Every verifying public key (JWKS) and RFC 8414 metadata at the well-known path for our issuer (the origin).
 * The JWKS may be cached as long as an instance keeps its key set (ADR 017), so a rotation reaches its readers
 * within the same bound.
 */
export function registerDiscovery(app: FastifyInstance, ctx: AppContext): void {
  const issuer = ctx.config.PUBLIC_URL.replace(/\/$/, '');
  app.get(jwksPath, { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', `public, max-age=${KEY_SET_MAX_AGE_MS / 1000}`);
    return { keys: await ctx.keys.signing.publicJwks() };
  });
  app.get('/.well-known/oauth-authorization-server', { schema: { hide: true } }, async () => ({
    issuer,
    authorization_endpoint: `${issuer}/api/identity/oauth/authorize`,
    token_endpoint: `${issuer}/api/identity/oauth/token`,
    jwks_uri: `${issuer}${jwksPath}`,
    response_types_supported: ['code'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['none'],
    scopes_supported: [],
  }));
}
