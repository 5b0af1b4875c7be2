import type { OutgoingHttpHeaders } from 'node:http';
import { Id, streamNotifications } from '@civitas/contract';
import { sessionCookieNames } from '../../http/auth/cookies.js';
import { AppError } from '../../http/errors.js';
import { readCallerToken } from '../../http/request-checks.js';
import { defineRoute } from '../../http/route.js';
import { openLiveStream } from './live-stream.js';

/**
 * My notifications live (ADR 078): refusals are answered as every call's are, then the reply is taken over and
 * stays open as server-sent events, with the headers the request's checks set (budgets, security).
 */
export default defineRoute(streamNotifications, async ({ caller, ctx, request, reply }) => {
  const lastEventId = request.headers['last-event-id'];
  const resume = lastEventId === undefined ? null : Id.safeParse(lastEventId);
  if (resume && !resume.success) {
    throw new AppError(400, 'BAD_LAST_EVENT_ID', 'Last-Event-ID must be the id of a line this stream sent (a UUID)');
  }
  // Authentication has checked it: it is read again only to check it once more on every heartbeat.
  const token = readCallerToken(request.headers, request.cookies, sessionCookieNames(ctx.config.PUBLIC_URL)) ?? '';
  reply.hijack();
  reply.raw.writeHead(200, {
    ...(reply.getHeaders() as OutgoingHttpHeaders),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    // Proxies that buffer answers (nginx) pass each event on at once.
    'x-accel-buffering': 'no',
  });
  openLiveStream(ctx, {
    citizenId: caller.citizenId,
    token,
    resumeAfter: resume?.data ?? null,
    response: reply.raw,
    log: (error) => request.log.error({ err: error }, 'a notification stream could not be read'),
  });
  return undefined as never;
});
