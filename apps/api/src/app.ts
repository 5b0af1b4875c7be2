import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppContext } from './context.js';
import { registerAnalyticsSocket } from './domains/analytics/analytics-socket.js';
import { ensureWebClient } from './domains/identity/clients.js';
import { postFilesGate } from './domains/media/post-files-access.js';
import { endLiveStreams } from './domains/notifications/live-stream.js';
import { registerAddressBudget } from './http/abuse-limits.js';
import { sessionCookieNames } from './http/auth/cookies.js';
import { closeConnectionsWhenAnswered } from './http/drain.js';
import { frameworkErrorAnswer, installErrorHandling } from './http/error-handler.js';
import { ExpressLane, serverWithLane } from './http/express-lane.js';
import { type Readiness, registerHealth } from './http/health.js';
import { registerOpenApi } from './http/openapi.js';
import { registerPlugins } from './http/plugins.js';
import { parseQuery, proxyTrust } from './http/request-reading.js';
import { mountRoutes, registerContractBodies } from './http/route.js';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.js';
import { registerMediaFiles } from './media/serve-media.js';
import { readyAnswers, registerProtocolRoutes, routes } from './routes.js';

const headersAreChecked = () => true;

/** The levels at which Fastify logs every request (and the express lane every answer it gives). */
const REQUEST_LOG_LEVELS = new Set(['info', 'debug', 'trace']);

export interface BuildAppOptions {
  logger?: boolean;
  /** Flipped by the process when it starts stopping (main.ts); always ready when not given. */
  readiness?: Readiness;
}

/** The API server: contract-validated routes, OpenAPI, health. The web front end is mounted by main.ts. */
export async function buildApp(ctx: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  let lane: ExpressLane | undefined;
  const headers = securityHeaders(ctx.config.PUBLIC_URL);
  // Read alike by the routes and the express lane (http/request-reading.ts).
  const trust = proxyTrust(ctx.config.TRUST_PROXY);
  const app = Fastify({
    serverFactory: serverWithLane(() => lane),
    logger: options.logger
      ? { level: ctx.config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] }
      : false,
    bodyLimit: 256 * 1024,
    // Fastify sets no limit by default (it expects a proxy in front); this server may face clients itself.
    requestTimeout: ctx.config.REQUEST_TIMEOUT_MS,
    routerOptions: { maxParamLength: 200, querystringParser: parseQuery },
    // Forwarded addresses are believed only from the proxies TRUST_PROXY names.
    trustProxy: trust,
    frameworkErrors: frameworkErrorAnswer(headers),
  });
  // A route's headers schema only documents X-API-Version, which checkVersion (http/route.ts) checks first with
  // its own message; parsing every request's headers through zod as well was 3 % of a cached page's CPU time.
  app.setValidatorCompiler<ZodType>((route) =>
    route.httpPart === 'headers' ? headersAreChecked : validatorCompiler(route),
  );
  app.setSerializerCompiler(serializerCompiler);
  registerSecurityHeaders(app, headers);
  installErrorHandling(app, ctx.errorReports);
  closeConnectionsWhenAnswered(app);
  // Mails still on their way when the server closes (codes asked for just before) are sent first.
  app.addHook('onClose', () => ctx.mailer.settled());
  registerContractBodies(app);
  await registerPlugins(app, ctx);
  registerAddressBudget(app, ctx);
  await registerOpenApi(app, ctx.config.PUBLIC_URL);

  // Before every other route: the websocket plugin must see all routes to refuse upgrades on the others.
  await registerAnalyticsSocket(app, ctx);
  registerHealth(app, ctx, options.readiness ?? { draining: false });
  const limits = mountRoutes(app, ctx, routes);
  // The web client is pointed at this deployment's public URL by the instances that serve its sign-in, never by
  // a command or a media worker: run without PUBLIC_URL, those would re-point it at the default one, and every
  // sign-in on the running site would then fail until its next start.
  await ensureWebClient(ctx.db, ctx.config.PUBLIC_URL, ctx.now());
  registerProtocolRoutes(app, ctx);
  await registerMediaFiles(app, {
    dataDir: ctx.config.DATA_DIR,
    postFiles: postFilesGate(ctx),
    checkedFiles: ctx.media.files.checkedFiles,
  });
  const logsRequests = options.logger && REQUEST_LOG_LEVELS.has(ctx.config.LOG_LEVEL);
  const ready = new ExpressLane({
    answers: readyAnswers(ctx),
    tokens: ctx.tokens,
    budget: limits.general,
    headers,
    trust,
    cookies: sessionCookieNames(ctx.config.PUBLIC_URL),
    ...(logsRequests ? { requestLog: app.log } : {}),
  });
  app.addHook('preClose', (done) => {
    ready.close();
    // Open notification streams would hold the server open; their browsers reconnect to another instance.
    endLiveStreams(ctx);
    done();
  });
  lane = ready;
  return app;
}
