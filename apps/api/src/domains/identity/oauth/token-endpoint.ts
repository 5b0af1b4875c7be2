import { TokenRequest } from '@civitas/contract';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import { grantTokens } from './token-grants.js';

/**
 * POST /api/identity/oauth/token (RFC 6749 §3.2): form or JSON body; errors in RFC 6749 §5.2 form. The only
 * route that reads form bodies, so their parser lives in its scope alone.
 */
export function registerTokenEndpoint(app: FastifyInstance, ctx: AppContext, rateLimit: object): void {
  app.register(async (scope) => {
    await scope.register(formbody, { bodyLimit: 16 * 1024 });
    scope.post('/api/identity/oauth/token', { schema: { hide: true }, config: { rateLimit } }, (request, reply) =>
      answerTokenRequest(ctx, request, reply),
    );
  });
}

async function answerTokenRequest(ctx: AppContext, request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('pragma', 'no-cache');
  const parsed = TokenRequest.safeParse(request.body);
  if (!parsed.success) {
    const description = parsed.error.issues
      .map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`)
      .join('; ');
    const unsupported = typeof (request.body as { grant_type?: unknown } | null)?.grant_type === 'string';
    return reply
      .code(400)
      .send({ error: unsupported ? 'invalid_request' : 'unsupported_grant_type', error_description: description });
  }
  const grant = await grantTokens(ctx, parsed.data);
  if (!grant.ok) {
    return reply
      .code(grant.error === 'invalid_client' ? 401 : 400)
      .send({ error: grant.error, error_description: grant.description });
  }
  return {
    access_token: grant.accessToken,
    token_type: 'Bearer',
    expires_in: grant.expiresIn,
    refresh_token: grant.refreshToken,
  };
}
