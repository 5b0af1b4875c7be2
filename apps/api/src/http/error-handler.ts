import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorReports } from '../telemetry/error-reports.js';
import { AppError } from './errors.js';

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

/** Where in the request a validation issue sits, e.g. `body.caption` or `querystring.size`. */
function validationDetails(error: FastifyError): { path: string; message: string }[] {
  const context = error.validationContext ?? 'request';
  return (error.validation ?? []).map((issue) => {
    const segments = (issue as { instancePath?: string }).instancePath?.split('/').filter(Boolean) ?? [];
    return { path: [context, ...segments].join('.'), message: issue.message ?? 'is invalid' };
  });
}

export function installErrorHandling(app: FastifyInstance, reports: ErrorReports): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const redirect = error.redirectUrl ? { redirectUrl: error.redirectUrl } : {};
      if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
      return reply.code(error.statusCode).send({ ...body(error.statusCode, error.message, error.code), ...redirect });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const details = validationDetails(error);
      const summary = details.map((detail) => `${detail.path} ${detail.message}`).join('; ');
      return reply.code(400).send(body(400, `Invalid request: ${summary}`, 'VALIDATION_FAILED', details));
    }
    // Fastify's own client errors (bad JSON, wrong content type, body too large, ...) keep their status.
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
