import { ANALYTICS_MESSAGE_MAX_BYTES, AnalyticsMessage, type AnalyticsRefusalCode } from '@civitas/contract';
import type { z } from 'zod';

export type ReadMessage =
  | { ok: true; message: z.output<typeof AnalyticsMessage> }
  | { ok: false; code: z.output<typeof AnalyticsRefusalCode>; message: string; eventId?: string };

/** The event id of a message that failed its schema, so the sender can tell which event was refused. */
function eventIdOf(value: unknown): string | undefined {
  const id = (value as { data?: { metadata?: { eventId?: unknown } } } | null)?.data?.metadata?.eventId;
  return typeof id === 'string' && /^[0-9a-f-]{36}$/i.test(id) ? id.toLowerCase() : undefined;
}

/** One socket frame, checked at the door: its size, that it is JSON, and that it is an analytics message. */
export function readMessage(frame: Buffer, isBinary: boolean): ReadMessage {
  if (frame.length > ANALYTICS_MESSAGE_MAX_BYTES) {
    return { ok: false, code: 'TOO_LARGE', message: `A message may be at most ${ANALYTICS_MESSAGE_MAX_BYTES} bytes` };
  }
  if (isBinary) return { ok: false, code: 'MALFORMED', message: 'Send messages as JSON text frames' };
  let value: unknown;
  try {
    value = JSON.parse(frame.toString('utf8'));
  } catch {
    return { ok: false, code: 'MALFORMED', message: 'The message is not JSON' };
  }
  const parsed = AnalyticsMessage.safeParse(value);
  if (parsed.success) return { ok: true, message: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  const eventId = eventIdOf(value);
  return {
    ok: false,
    code: 'INVALID',
    message: `Not an analytics message: ${where}${issue?.message ?? 'unexpected shape'}`,
    ...(eventId ? { eventId } : {}),
  };
}
