import type { FastifyRequest } from 'fastify';

/**
 * Tells in the background, after an action has committed: the answer does not wait for the notice (it is written
 * with the others of its batch, within a moment: ADR 077), and a failure is logged, never the action's: the like
 * is made whether or not its author could be told.
 */
export function quietly(request: FastifyRequest, telling: Promise<void>): void {
  telling.catch((error: unknown) => request.log.error({ err: error }, 'a notification was not written'));
}
