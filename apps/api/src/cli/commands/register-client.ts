import type { MachineScope } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { isUniqueViolation } from '../../db/errors.js';
import { registerMachineClient } from '../../domains/identity/clients.js';
import { CliError } from '../errors.js';

export interface NewClient {
  id: string;
  name: string;
  scopes: MachineScope[];
}

/**
 * Registers a machine client (client-credentials, docs/product.md §6). The secret is generated here, printed once and
 * stored only as a digest: whoever runs the command must keep it, as nobody can read it back later.
 */
export async function registerClient(ctx: AppContext, client: NewClient): Promise<string> {
  const name = client.name.trim();
  if (name.length === 0 || name.length > 100) throw new CliError('--name must be 1 to 100 characters.');
  let secret: string;
  try {
    secret = await registerMachineClient(ctx.db, { id: client.id, name, scopes: client.scopes }, ctx.now());
  } catch (error) {
    if (isUniqueViolation(error)) throw new CliError(`A client with id "${client.id}" is already registered.`);
    throw error;
  }
  return [
    `Registered machine client ${client.id} (${name}) with scopes: ${client.scopes.join(', ')}.`,
    'Its secret is shown only this once; store it now:',
    secret,
  ].join('\n');
}
