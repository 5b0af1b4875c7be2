import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AppContext } from '../context.js';

/** Whether this instance should be sent new work; a stopping instance says no before it stops listening. */
export interface Readiness {
  draining: boolean;
}

/** How long the database may take to answer the readiness check before the instance counts as not ready. */
const DATABASE_CHECK_MS = 1_000;

/**
 * `/livez`: the process runs and its event loop answers (a supervisor restarts it when this fails).
 * `/healthz`: readiness, for a proxy choosing where to send requests: 200 while the database answers and the
 * instance is not stopping, else 503 with the reason. On SIGTERM it turns 503 for SHUTDOWN_DRAIN_DELAY_MS
 * before the server stops listening, so a proxy that checks it stops sending requests first (ADR 020).
 */
export function registerHealth(app: FastifyInstance, ctx: Pick<AppContext, 'db'>, readiness: Readiness): void {
  app.get('/livez', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    if (readiness.draining) return reply.code(503).send({ status: 'draining' });
    if (!(await databaseAnswers(ctx))) return reply.code(503).send({ status: 'database unavailable' });
    return { status: 'ok' };
  });
}

async function databaseAnswers(ctx: Pick<AppContext, 'db'>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS);
  });
  const check = sql`select 1`.execute(ctx.db).then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
