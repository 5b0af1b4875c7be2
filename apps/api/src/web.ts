import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';

/** Mounts the web front end on every path the API does not serve (filled in by the web package). */
export async function mountWeb(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}
