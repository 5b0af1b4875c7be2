import { CONSENT_COOKIE, ErrorResponse, parseConsent } from '@civitas/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../http/errors.js';
import { noContent, rawBytes } from '../../http/route.js';
import { envelopeEndpoint, parseDsn } from './dsn.js';
import { checkEnvelopeDsn } from './envelope-header.js';
import { forwardEnvelope } from './forward-envelope.js';

/** Where the browser's error-reporting SDK sends its envelopes (`tunnel`), on the site's own origin. */
export const MONITORING_PATH = '/monitoring';

/** What the SDK sends: `text/plain` from fetch with a string body; none at all with a binary one. */
const envelopeTypes = ['application/x-sentry-envelope', 'text/plain', 'application/octet-stream'];

/** The DSN reports go to, when reporting runs: a DSN is set and APP_ENV is prod, uat or test (docs/product.md §1). */
export function reportingDsn(config: Pick<Config, 'APP_ENV' | 'SENTRY_DSN'>) {
  const reporting = config.APP_ENV === 'prod' || config.APP_ENV === 'uat' || config.APP_ENV === 'test';
  return reporting && config.SENTRY_DSN ? parseDsn(config.SENTRY_DSN) : null;
}

const Forwarded = z.object({ forwarded: z.literal(true) });

/**
 * `POST /monitoring`: the error-report tunnel. Envelopes addressed to the configured DSN, from visitors who
 * consented to error reporting, are forwarded byte for byte to that DSN's host and nowhere else. With
 * reporting off or without consent the envelope is dropped (204), so the SDK neither retries nor complains.
 * Its own scope: the envelope parsers and size limit touch no other route.
 */
export function registerMonitoringTunnel(app: FastifyInstance, ctx: AppContext): void {
  const dsn = reportingDsn(ctx.config);
  const endpoint = dsn ? envelopeEndpoint(dsn) : null;
  app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(envelopeTypes, { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (request, body, done) => {
      if (request.headers['content-type'] === undefined) return done(null, body);
      done(new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', `Send an envelope as ${envelopeTypes.join(', ')}`), undefined);
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      MONITORING_PATH,
      {
        bodyLimit: ctx.config.MONITORING_MAX_BYTES,
        config: { rateLimit: { max: ctx.config.MONITORING_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000 } },
        schema: {
          tags: ['monitoring'],
          summary: `The error-report tunnel for the browser's Sentry SDK (\`tunnel: '${MONITORING_PATH}'\`). The body is a Sentry envelope whose header (first line) names the DSN this site is set up with; it is forwarded unchanged, with none of the caller's headers. 200: forwarded; 204: dropped, because reporting is off here or the visitor has not consented to error reporting (the \`${CONSENT_COOKIE}\` cookie); 400: not an envelope, or addressed elsewhere; 502: the error-report service did not take it.`,
          body: rawBytes,
          consumes: envelopeTypes,
          response: {
            200: Forwarded,
            204: noContent,
            400: ErrorResponse,
            413: ErrorResponse,
            415: ErrorResponse,
            429: ErrorResponse,
            502: ErrorResponse,
          },
        },
      },
      async (request, reply) => {
        if (!dsn || !endpoint || !parseConsent(request.cookies[CONSENT_COOKIE])?.errorReporting) {
          return reply.code(204).send(null);
        }
        const envelope = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        checkEnvelopeDsn(envelope, dsn);
        const result = await forwardEnvelope(endpoint, envelope);
        if (result.rateLimits) reply.header('x-sentry-rate-limits', result.rateLimits);
        if (!result.ok) {
          request.log.warn({ upstream: new URL(endpoint).host, problem: result.problem }, 'error report not forwarded');
          throw new AppError(
            502,
            'MONITORING_UPSTREAM_FAILED',
            `The error-report service ${result.problem}; the report was not delivered`,
          );
        }
        return reply.code(200).send({ forwarded: true });
      },
    );
  });
}
