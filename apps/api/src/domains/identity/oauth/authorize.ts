import { AuthorizeQuery, OauthClientId } from '@civitas/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context.js';
import { sealBlob } from '../../../http/auth/signed-blob.js';
import { findClient } from '../clients.js';

export const INTERACTION_PURPOSE = 'oauth-interaction';
export const INTERACTION_TTL_MS = 10 * 60_000;
export const signInPagePath = '/sign-in';

export interface Interaction {
  clientId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
}

const withParams = (base: string, params: Record<string, string>) => {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

/**
 * GET /api/identity/oauth/authorize. Client and redirect URI are checked first and never redirected to when
 * wrong (RFC 6749 §4.1.2.1); other problems go back to the client as `error=invalid_request`. A valid request
 * is sealed and handed to the sign-in page.
 */
export function registerAuthorize(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/identity/oauth/authorize', { schema: { hide: true } }, async (request, reply) => {
    const query = request.query as Record<string, unknown>;
    // Checked before the lookup: an id no client can have (a control character, say) is simply unknown.
    const clientId = OauthClientId.safeParse(query.client_id);
    const redirectUri = typeof query.redirect_uri === 'string' ? query.redirect_uri : '';
    const client = clientId.success ? await findClient(ctx.db, clientId.data) : null;
    if (!client?.redirectUris.includes(redirectUri)) {
      return reply.code(400).send({
        statusCode: 400,
        error: 'Bad Request',
        code: 'INVALID_AUTHORIZATION_REQUEST',
        message: 'Unknown client_id, or redirect_uri is not registered for it exactly',
      });
    }
    const parsed = AuthorizeQuery.safeParse(query);
    if (!parsed.success) {
      const description = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
      const state: Record<string, string> = typeof query.state === 'string' ? { state: query.state } : {};
      return reply.redirect(
        withParams(redirectUri, { error: 'invalid_request', error_description: description, ...state }),
      );
    }
    const interaction: Interaction = {
      clientId: client.id,
      redirectUri,
      state: parsed.data.state,
      codeChallenge: parsed.data.code_challenge,
    };
    const sealed = sealBlob(ctx.keys.cursorSecret, INTERACTION_PURPOSE, interaction, ctx.now() + INTERACTION_TTL_MS);
    return reply.redirect(`${signInPagePath}?interaction=${encodeURIComponent(sealed)}`);
  });
}

export { withParams };
