import type { MachineScope } from '@civitas/contract';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { newId } from '../../db/ids.js';
import type { Caller } from '../../http/auth/tokens.js';
import { CliError } from '../errors.js';

export type TokenRequest =
  | { kind: 'citizen'; username: string }
  | { kind: 'guest' }
  | { kind: 'machine'; scopes: MachineScope[] };

/** Minting tokens by hand bypasses sign-in: a development tool, never available in production. */
export function assertMintingAllowed(config: Config): void {
  if (config.NODE_ENV === 'production' || config.APP_ENV === 'prod') {
    throw new CliError(
      `mint-token is a development tool and is refused in production (NODE_ENV=${config.NODE_ENV}, APP_ENV=${config.APP_ENV}).`,
    );
  }
}

/** The id machine tokens minted here carry, so they are recognisable in logs. */
export const CLI_CLIENT_ID = 'civitas-cli';

/** Signs an access token with the keys in the database (ADR 017), so every server on it accepts the token. */
export async function mintToken(ctx: AppContext, request: TokenRequest, ttlSeconds: number): Promise<string> {
  assertMintingAllowed(ctx.config);
  let caller: Caller;
  if (request.kind === 'citizen') {
    const citizen = await ctx.db
      .selectFrom('citizens')
      .select(['id', 'username'])
      .where('username_key', '=', request.username.toLowerCase())
      .executeTakeFirst();
    if (!citizen) throw new CliError(`No citizen is called "${request.username}".`);
    caller = { kind: 'citizen', citizenId: citizen.id, username: citizen.username };
  } else if (request.kind === 'guest') {
    caller = { kind: 'guest', guestId: newId() };
  } else {
    caller = { kind: 'machine', clientId: CLI_CLIENT_ID, scopes: request.scopes };
  }
  return ctx.tokens.issue(caller, ttlSeconds);
}
