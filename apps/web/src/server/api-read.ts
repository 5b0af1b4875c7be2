import type { EndpointDef } from '@civitas/contract';
import { buildRequest, type RequestOf, type ResultOf } from '@/client/api/contract-request';
import { apiFetch } from '@/session/api-fetch';
import { machineToken } from '@/session/machine-token';

/**
 * Reads made by server rendering: as the signed-in citizen (their token from the cookies), or with the web
 * server's machine token for public sharing reads (docs/product.md §6). Answers are checked against the contract.
 */

/** The checked body, or the status that explains why there is none. */
export type ReadResult<T> = { ok: true; data: T } | { ok: false; status: number };

/** The status reported when no machine token could be had (the API was never asked). */
export const NO_TOKEN_STATUS = 503;

async function send<E extends EndpointDef>(
  endpoint: E,
  request: RequestOf<E>,
  token: string,
): Promise<ReadResult<ResultOf<E>>> {
  const call = buildRequest(endpoint, request);
  const response = await apiFetch(call.url, { token, headers: call.headers });
  if (!response.ok) return { ok: false, status: response.status };
  const schema = endpoint.success.body;
  if (!schema) return { ok: true, data: undefined as ResultOf<E> };
  const parsed = schema.safeParse(await response.json());
  // A body that breaks the contract is the server's fault, never shown as the person's.
  return parsed.success ? { ok: true, data: parsed.data as ResultOf<E> } : { ok: false, status: 502 };
}

/** A citizen-only read on behalf of the signed-in citizen. */
export function readAsCitizen<E extends EndpointDef>(
  endpoint: E,
  request: RequestOf<E>,
  token: string,
): Promise<ReadResult<ResultOf<E>>> {
  return send(endpoint, request, token);
}

/**
 * A public sharing read with the machine token. A token the API refuses (expired early, keys rotated) is
 * dropped and a fresh one tried once.
 */
export async function readAsMachine<E extends EndpointDef>(
  endpoint: E,
  request: RequestOf<E>,
): Promise<ReadResult<ResultOf<E>>> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const token = await machineToken.get();
    if (!token) return { ok: false, status: NO_TOKEN_STATUS };
    const result = await send(endpoint, request, token);
    if (result.ok || result.status !== 401) return result;
    machineToken.clear();
  }
  return { ok: false, status: 401 };
}
