import { requestMachineToken } from '@civitas/contract';
import { AppError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { findClient } from './clients.js';
import { sameDigest } from './secrets.js';

export default defineRoute(requestMachineToken, async ({ body, ctx }) => {
  const client = await findClient(ctx.db, body.clientId);
  if (!client?.secretDigest || !sameDigest(body.clientSecret, client.secretDigest)) {
    throw new AppError(401, 'INVALID_CLIENT', 'Unknown client or wrong client secret');
  }
  const refused = body.scopes.filter((scope) => !client.scopes.includes(scope));
  if (refused.length > 0) {
    throw new AppError(403, 'SCOPE_NOT_ALLOWED', `This client may not ask for: ${refused.join(', ')}`);
  }
  const expiresIn = ctx.config.MACHINE_TOKEN_TTL_SECONDS;
  const accessToken = await ctx.tokens.issue({ kind: 'machine', clientId: client.id, scopes: body.scopes }, expiresIn);
  return { accessToken, tokenType: 'Bearer' as const, expiresIn };
});
