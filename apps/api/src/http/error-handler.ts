import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReports } from '../telemetry/error-reports.js';
import { AppError } from './errors.js';
import { type SecurityHeaders, setApiHeaders } from './security-headers.js';

interface ErrorBody {
  redirectUrl?: string;
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  details?: { path: string; message: string }[];
}

const body = (statusCode: number, message: string, code?: string, details?: ErrorBody['details']): ErrorBody => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(code ? { code } : {}),
  ...(details ? { details } : {}),
});

/** Issues that refuse a value's shape: for a parameter given several times, the repetition is the shape refused. */
const SHAPE_ISSUES = new Set(['invalid_type', 'invalid_union']);

type Issue = NonNullable<FastifyError['validation']>[number];

/** The part of the request a validation context names, as the schema saw it. */
function requestPart(request: FastifyRequest, context: string): unknown {
  if (context === 'querystring') return request.query;
  if (context === 'body') return request.body;
  if (context === 'params') return request.params;
  if (context === 'headers') return request.headers;
  return undefined;
}

const valueAt = (part: unknown, segments: string[]): unknown =>
  segments.reduce<unknown>((value, segment) => (value as Record<string, unknown> | undefined)?.[segment], part);

/**
 * What is wrong, in words that say what to change. A field left out is "required" (a schema's own words would
 * say "Invalid input", or "expected string, received undefined"). A query parameter given more than once
 * arrives as a list: where one value was expected, the schema's words ("expected string, received array", or a
 * format's) would not say so. A body that is JSON but not an object gets the same plain words at any endpoint.
 */
function issueMessage(context: string, segments: string[], issue: Issue, part: unknown): string {
  const [name] = segments;
  if (SHAPE_ISSUES.has(issue.keyword) && segments.length > 0 && valueAt(part, segments) === undefined) {
    return 'is required';
  }
  if (context === 'querystring' && name !== undefined && segments.length === 1 && SHAPE_ISSUES.has(issue.keyword)) {
    const given = (part as Record<string, unknown> | undefined)?.[name];
    if (Array.isArray(given)) return `is given ${given.length} times; give it once`;
  }
  const expected = (issue.params as { expected?: unknown } | undefined)?.expected;
  if (context === 'body' && segments.length === 0 && issue.keyword === 'invalid_type' && expected === 'object') {
    return 'must be a JSON object';
  }
  return issue.message ?? 'is invalid';
}

/** Where in the request each validation issue sits, e.g. `body.caption` or `querystring.size`, and what is wrong. */
function validationDetails(error: FastifyError, request: FastifyRequest): { path: string; message: string }[] {
  const context = error.validationContext ?? 'request';
  const part = requestPart(request, context);
  return (error.validation ?? []).map((issue) => {
    const segments = (issue as { instancePath?: string }).instancePath?.split('/').filter(Boolean) ?? [];
    return { path: [context, ...segments].join('.'), message: issueMessage(context, segments, issue, part) };
  });
}

/** The router's one error a client can cause here: a path it cannot decode (`/p/%E0%A4`, `/api/%zz`). */
const MALFORMED_ADDRESS =
  'The address has a malformed %-escape (a % not followed by two hex digits, or bytes that are not UTF-8); correct the link and try again';

/**
 * Fastify's `frameworkErrors`: the router refuses an address it cannot decode before any hook runs, so its own
 * answer carried neither the security headers every answer has (ADR 016) nor the error shape of docs/design.md §2. This
 * answers with both, and without echoing the address. Any other such error keeps Fastify's status and words.
 */
export function frameworkErrorAnswer(headers: SecurityHeaders) {
  return (error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void => {
    setApiHeaders(reply, headers);
    if (error.code === 'FST_ERR_BAD_URL') {
      reply.code(400).send(body(400, MALFORMED_ADDRESS, 'MALFORMED_ADDRESS'));
      return;
    }
    const status = error.statusCode ?? 500;
    reply.code(status).send(body(status, error.message, error.code));
  };
}

export function installErrorHandling(app: FastifyInstance, reports: ErrorReports): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const redirect = error.redirectUrl ? { redirectUrl: error.redirectUrl } : {};
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ ...body(error.statusCode, error.message, error.code), ...redirect });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = validationDetails(error, request);
      const summary = details.map((detail) => `${detail.path} ${detail.message}`).join('; ');
      return reply.code(400).send(body(400, `Invalid request: ${summary}`, 'VALIDATION_FAILED', details));
    }
    // A body of a type no parser reads: say which type the call takes (Fastify's words name none).
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const type = request.routeOptions.config.endpoint?.rawBody ? 'application/octet-stream' : 'application/json';
      return reply.code(415).send(body(415, `Send this call as ${type}`, 'UNSUPPORTED_MEDIA_TYPE'));
    }
    // Fastify's own client errors (bad JSON, body too large, ...) keep their status.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send(body(status, error.message, error.code));
    }
    request.log.error({ err: error }, 'unhandled error');
    reports.report(
      error,
      { method: request.method, route: request.routeOptions.url ?? '(no route)', headers: request.headers },
      'api',
    );
    return reply.code(500).send(body(500, 'Something went wrong on our side; please try again', 'INTERNAL'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .code(404)
      .send(
        body(404, `No route ${request.method} ${(request.url.split('?')[0] ?? '').slice(0, 200)}`, 'ROUTE_NOT_FOUND'),
      );
  });
}
