import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { addressKey } from './address-key.js';
import { AppError } from './errors.js';

/** Cookies (web session) and per-route rate limits (Redis-backed when set). */
export async function registerPlugins(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // The standard RateLimit-Limit / -Remaining / -Reset headers (and Retry-After on a 429).
    enableDraftSpec: true,
    // Sign-in and sign-up count per address, an IPv6 caller's by its /64 (address-key.ts).
    keyGenerator: (request) => addressKey(request.ip),
    ...(ctx.redis ? { redis: ctx.redis, nameSpace: 'civitas:rate:' } : {}),
    errorResponseBuilder: (_request, context) =>
      new AppError(429, 'RATE_LIMITED', `Too many requests; try again in ${Math.ceil(context.ttl / 1000)} seconds`),
  });
}
