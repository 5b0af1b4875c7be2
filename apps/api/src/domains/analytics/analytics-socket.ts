import type { AnalyticsServerFrame } from '@civitas/contract';
import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { decodeJwt } from 'jose';
import type { WebSocket } from 'ws';
import type { z } from 'zod';
import { publicOrigin } from '../../config.js';
import type { AppContext } from '../../context.js';
import { addressKey } from '../../http/address-key.js';
import { sessionCookieNames } from '../../http/auth/cookies.js';
import { AppError, tooManyRequests, unauthorized } from '../../http/errors.js';
import { readCallerToken, tokenFromCookie } from '../../http/request-checks.js';
import { spendAnalyticsBudget } from './analytics-budget.js';
import { createEventBatcher } from './event-batcher.js';
import { type AnalyticsSender, eventRow, notOurPage } from './event-rows.js';
import { readMessage } from './read-message.js';
import { storeEvents } from './store-events.js';
import { createTokenBucket } from './token-bucket.js';

export const ANALYTICS_SOCKET_PATH = '/api/analytics';
/** Frames beyond this close the socket (ws's own limit); smaller oversize messages get an error frame. */
const HARD_FRAME_LIMIT = 64 * 1024;
const PING_INTERVAL_MS = 30_000;
const BURST = 60;

type Frame = z.input<typeof AnalyticsServerFrame>;

/** The session that opened a socket, and whether it has been ended since (a sign-out everywhere, a suspension). */
interface SocketSession {
  sender: AnalyticsSender;
  ended(): boolean;
}

/**
 * Who opens the socket. A browser carries its session cookie, and then its `Origin` must be ours: cookies go
 * with a websocket opened from any site, so without this check another site could send events under a
 * visitor's name (cross-site websocket hijacking). An app may instead send a bearer token, and no Origin.
 */
async function sessionOf(ctx: AppContext, request: FastifyRequest): Promise<SocketSession> {
  const names = sessionCookieNames(ctx.config.PUBLIC_URL);
  // The token as every route reads it (a malformed Authorization header is a 401 here too).
  const token = readCallerToken(request.headers, request.cookies, names);
  if (!token) throw unauthorized('The analytics socket needs a citizen or guest session');
  if (tokenFromCookie(request.headers) && request.headers.origin !== publicOrigin(ctx.config)) {
    throw new AppError(403, 'CROSS_SITE_REQUEST', 'The analytics socket only takes connections from this site');
  }
  const caller = await ctx.tokens.verify(token);
  if (!caller) throw unauthorized('The session has expired; refresh it and connect again');
  if (caller.kind === 'machine') {
    throw new AppError(403, 'WRONG_IDENTITY', 'The analytics socket takes browser sessions, not app tokens');
  }
  if (caller.kind === 'guest') return { sender: caller, ended: () => false };
  // The token was verified above; its issue time is what the sign-outs compare (http/auth/sign-outs.ts). They are
  // reloaded on every instance when one records a sign-out (the cache bus), so a suspension anywhere ends this.
  const issuedAt = decodeJwt(token).iat ?? 0;
  return { sender: caller, ended: () => ctx.signOuts.ended(caller.citizenId, issuedAt) };
}

/** The close code and reason a socket is ended with once its session is (the browser may open another). */
const SESSION_ENDED = [1008, 'session ended'] as const;

const send = (socket: WebSocket, frame: Frame) => {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(frame));
};

/**
 * The analytics websocket (docs/product.md §3; docs/design.md §2: `/api/analytics`). Every message is one event; it is
 * acknowledged once stored, so the browser keeps it until then and sends it again after a reconnect.
 * A bad message gets an error frame and the socket stays open.
 */
export async function registerAnalyticsSocket(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(websocket, { options: { maxPayload: HARD_FRAME_LIMIT, perMessageDeflate: false } });
  const batcher = createEventBatcher((rows) => storeEvents(ctx.db, rows));
  app.addHook('onClose', async () => batcher.close());
  const sessions = new WeakMap<FastifyRequest, SocketSession>();
  // Sockets open now, per address (this instance's): each holds memory and a ping timer for as long as it lives.
  const openByAddress = new Map<string, number>();

  app.route({
    method: 'GET',
    url: ANALYTICS_SOCKET_PATH,
    schema: { hide: true },
    preValidation: async (request) => {
      sessions.set(request, await sessionOf(ctx, request));
      // The slot is taken here, after the last await, so upgrades checked at the same time cannot all pass; it is
      // given back when the connection closes, whatever became of the upgrade.
      const address = addressKey(request.ip);
      if ((openByAddress.get(address) ?? 0) >= ctx.config.ANALYTICS_SOCKETS_PER_ADDRESS) {
        throw tooManyRequests('TOO_MANY_SOCKETS', 'Too many analytics sockets are open from this address', 60);
      }
      openByAddress.set(address, (openByAddress.get(address) ?? 0) + 1);
      request.raw.socket.once('close', () => {
        const left = (openByAddress.get(address) ?? 1) - 1;
        if (left > 0) openByAddress.set(address, left);
        else openByAddress.delete(address);
      });
    },
    handler: async () => {
      throw new AppError(426, 'UPGRADE_REQUIRED', 'Open this address as a websocket; POST events to it instead');
    },
    wsHandler: (socket, request) => {
      const session = sessions.get(request);
      if (!session) return socket.close(1008, 'no session');
      const { sender } = session;
      const address = addressKey(request.ip);
      const ourOrigin = publicOrigin(ctx.config);
      const perMinute = ctx.config.ANALYTICS_EVENTS_PER_MINUTE;
      const bucket = createTokenBucket(perMinute, Math.min(BURST, perMinute));
      let alive = true;
      // A session ended while the socket is open (a sign-out everywhere, a suspension: ADR 070) closes it at its
      // next message or ping, whichever comes first.
      const pinger = setInterval(() => {
        if (session.ended()) return socket.close(...SESSION_ENDED);
        // No pong since the last ping: the other end is gone without saying so.
        if (!alive) return socket.terminate();
        alive = false;
        socket.ping();
      }, PING_INTERVAL_MS);
      socket.on('pong', () => {
        alive = true;
      });
      socket.on('close', () => clearInterval(pinger));
      socket.on('message', (data, isBinary) => {
        if (session.ended()) return socket.close(...SESSION_ENDED);
        const frame = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
        const read = readMessage(frame, isBinary);
        if (!read.ok) {
          const { code, message, eventId } = read;
          return send(socket, { type: 'error', code, message, ...(eventId ? { eventId } : {}) });
        }
        const eventId = read.message.data.metadata.eventId;
        const foreign = notOurPage(read.message, ourOrigin);
        if (foreign) return send(socket, { type: 'error', code: 'INVALID', message: foreign, eventId });
        const refuse = (retryAfterMs: number) =>
          send(socket, {
            type: 'error',
            code: 'RATE_LIMITED',
            message: 'Too many events; send this one again later',
            eventId,
            retryAfterMs,
          });
        // This socket's bursts first (no shared counter spent on them), then the session's and address's budgets.
        const wait = bucket.take();
        if (wait > 0) return refuse(wait);
        const message = read.message;
        spendAnalyticsBudget(ctx, sender, address)
          .then((seconds) => {
            if (seconds > 0) return refuse(seconds * 1000);
            return batcher.add(eventRow(message, sender, ctx.now())).then(() => send(socket, { type: 'ack', eventId }));
          })
          .catch((error: unknown) => {
            request.log.error({ err: error }, 'analytics events not stored');
            send(socket, { type: 'error', code: 'NOT_STORED', message: 'Not stored; send it again', eventId });
          });
      });
    },
  });
}
