import {
  type Access,
  type BodyOf,
  type EndpointDef,
  ErrorResponse,
  fullPath,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@civitas/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../config.js';
import type { AppContext } from '../context.js';
import { type AbuseLimits, createAbuseLimits, type LimitHook } from './abuse-limits.js';
import { authenticate, type CallerFor } from './auth/authenticate.js';
import { sessionCookieNames } from './auth/cookies.js';
import { roleCheck } from './auth/roles.js';
import type { Caller } from './auth/tokens.js';
import { AppError } from './errors.js';
import { bodyHeaders, checkVersion, onReply } from './request-checks.js';
import { gzippedFor, SerializedBody } from './serialized-body.js';

export interface RouteInput<E extends EndpointDef> {
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
  caller: CallerFor<E['access']>;
  ctx: AppContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A serialized body, gzipped when the client accepts it (the same URL answers both ways: `Vary`). */
function sendSerialized(request: FastifyRequest, reply: FastifyReply, body: SerializedBody): FastifyReply {
  const gzipped = gzippedFor(request.headers['accept-encoding'], body);
  bodyHeaders(gzipped !== null, reply, onReply);
  return reply.send((gzipped ?? body.bytes) as never);
}

type Handler<E extends EndpointDef> = (input: RouteInput<E>) => Promise<ResponseOf<E> | SerializedBody>;

export interface Route<E extends EndpointDef = EndpointDef> {
  endpoint: E;
  handle: Handler<E>;
}

/** Binds a handler to its contract endpoint; the handler's input and output types come from the schemas. */
export const defineRoute = <E extends EndpointDef>(endpoint: E, handle: Handler<E>): Route<E> => ({ endpoint, handle });

const callers = new WeakMap<FastifyRequest, Caller | null>();

/** Documents `X-API-Version` in the OpenAPI; the check itself runs before authentication (checkVersion). */
const versionHeader = (endpoint: EndpointDef) =>
  z.looseObject({
    'x-api-version': z
      .enum(endpoint.versions as [string, ...string[]])
      .optional()
      .describe(`Call version; missing means ${endpoint.versions.at(-1)}`),
  });

/** The per-IP budget of abuse-prone calls (sign-in, sign-up, codes, tokens). */
export const authRateLimit = (ctx: AppContext) => ({ max: ctx.config.AUTH_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 });

export const noContent = z.null().describe('No content');
/** A raw-bytes body: documented as binary; the handler reads the stream (see registerContractBodies). */
export const rawBytes = z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary' });
const errorResponses = {
  400: ErrorResponse,
  401: ErrorResponse,
  403: ErrorResponse,
  404: ErrorResponse,
  409: ErrorResponse,
  429: ErrorResponse,
};

function mountRoute(scope: FastifyInstance, ctx: AppContext, route: Route, limits: readonly LimitHook[]): void {
  const { endpoint } = route;
  scope.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: fullPath(endpoint),
    // After the scope's authentication hook, so a citizen's calls count against their own budget; a role the
    // call needs is checked last, once the budgets have counted the request (ADR 070).
    onRequest: endpoint.role
      ? [...limits, roleCheck(ctx.db, endpoint.role, (request) => callers.get(request))]
      : [...limits],
    config: { endpoint, ...(endpoint.rateLimited ? { rateLimit: authRateLimit(ctx) } : {}) },
    schema: {
      tags: [endpoint.service],
      summary: endpoint.summary,
      ...(endpoint.access === 'none' ? {} : { security: [{ bearer: [] }] }),
      headers: versionHeader(endpoint),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.rawBody ? { body: rawBytes, consumes: ['application/octet-stream'] } : {}),
      ...(endpoint.eventStream ? { produces: ['text/event-stream'] } : {}),
      response: {
        [endpoint.success.status]: endpoint.success.body ?? noContent,
        ...errorResponses,
        ...Object.fromEntries((endpoint.errors ?? []).map((status) => [status, ErrorResponse])),
      },
    },
    handler: async (request, reply) => {
      const result = await route.handle({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        caller: callers.get(request) as never,
        ctx,
        request,
        reply,
      });
      // An event stream's handler has taken the reply over and answers on it as long as it stays open.
      if (endpoint.eventStream) return reply;
      reply.code(endpoint.success.status);
      if (result instanceof SerializedBody) return sendSerialized(request, reply, result);
      return endpoint.success.body === null ? reply.send(undefined as never) : result;
    },
  });
}

/**
 * Registers routes in one encapsulated plugin per access level: the plugin's hook authenticates every
 * request of its routes, so no route can be mounted without the check its contract names.
 */
export function mountRoutes(app: FastifyInstance, ctx: AppContext, routes: readonly Route[]): AbuseLimits {
  const byAccess = new Map<Access, Route[]>();
  for (const route of routes) {
    byAccess.set(route.endpoint.access, [...(byAccess.get(route.endpoint.access) ?? []), route]);
  }
  const limits = createAbuseLimits(ctx, (request) => callers.get(request));
  const auth = {
    tokens: ctx.tokens,
    cookies: sessionCookieNames(ctx.config.PUBLIC_URL),
    publicOrigin: publicOrigin(ctx.config),
  };
  for (const [access, group] of byAccess) {
    app.register(async (scope) => {
      scope.addHook('onRequest', async (request, reply) => {
        const endpoint = request.routeOptions.config.endpoint;
        if (!endpoint) return;
        checkVersion(endpoint, request.headers['x-api-version']);
        try {
          callers.set(request, await authenticate(auth, request, access, endpoint.scope));
        } catch (error) {
          // A refused token still spends its address's budget: the 429 once that is spent, else the refusal.
          if (error instanceof AppError && error.statusCode === 401) await limits.countRefused(request, reply);
          throw error;
        }
      });
      for (const route of group) mountRoute(scope, ctx, route, limits.hooksFor(route.endpoint));
    });
  }
  return limits;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Set on every contract route; absent on protocol routes (OAuth, docs, health). */
    endpoint?: EndpointDef;
  }
}

/**
 * The bodies the contract's routes take: JSON, and `application/octet-stream` for those whose contract says
 * `rawBody`, which reach their handler as the request stream, unread (upload parts are written to storage as
 * they arrive, never held whole in memory). Anything else is a 415, plain text included: no call takes it, and
 * with it and form bodies refused, no cross-site form can make a call at all (the CSRF check and SameSite
 * cookies being the first two walls). Protocol routes that read other types (OAuth's form bodies, error-report
 * envelopes, pages) set their own parsers in their own scopes.
 */
export function registerContractBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('application/octet-stream', (request, payload, done) => {
    if (!request.routeOptions.config.endpoint?.rawBody) {
      // Worded and coded as the error handler answers a type no parser reads.
      const wrongType = { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE' };
      done(Object.assign(new Error('Send this call as application/json'), wrongType), undefined);
      return;
    }
    done(null, payload);
  });
}
