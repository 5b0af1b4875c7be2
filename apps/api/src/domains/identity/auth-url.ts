import { getAuthUrl } from '@civitas/contract';
import { badRequest } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { findClient, WEB_CLIENT_ID } from './clients.js';
import { withParams } from './oauth/authorize.js';

export default defineRoute(getAuthUrl, async ({ query, ctx }) => {
  const client = await findClient(ctx.db, WEB_CLIENT_ID);
  if (!client?.redirectUris.includes(query.callbackUrl)) {
    throw badRequest('CALLBACK_NOT_REGISTERED', 'callbackUrl is not a registered callback of the web app');
  }
  const authorize = new URL('/api/identity/oauth/authorize', ctx.config.PUBLIC_URL).toString();
  return {
    authenticationUrl: withParams(authorize, {
      response_type: 'code',
      client_id: WEB_CLIENT_ID,
      redirect_uri: query.callbackUrl,
    }),
  };
});
