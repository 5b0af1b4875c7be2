import type { FastifyRequest } from 'fastify';

/**
 * Tells, after an action has committed, without letting a failure change the action's answer: the like is made
 * whether or not its author could be told, and a notification not written is logged (ADR 077).
 */
export async function quietly(request: FastifyRequest, telling: Promise<void>): Promise<void> {
  try {
    await telling;
  } catch (error) {
    request.log.error({ err: error }, 'a notification was not written');
  }
}
