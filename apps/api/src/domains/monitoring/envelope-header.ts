import { badRequest } from '../../http/errors.js';
import { type Dsn, parseDsn, sameDsn } from '../../telemetry/dsn.js';

/** The envelope header (its first line) is a small JSON object; a longer first line is not an envelope. */
export const ENVELOPE_HEADER_MAX_BYTES = 16 * 1024;

/**
 * Checks that an envelope is addressed to `allowed`, reading its first line only: the items after it are
 * forwarded as they came, unread. Throws a 400 naming what is wrong otherwise.
 */
export function checkEnvelopeDsn(envelope: Buffer, allowed: Dsn): void {
  const end = envelope.indexOf(0x0a);
  const headerLength = end === -1 ? envelope.length : end;
  if (headerLength > ENVELOPE_HEADER_MAX_BYTES) {
    throw badRequest(
      'ENVELOPE_MALFORMED',
      `The envelope header (first line) is over ${ENVELOPE_HEADER_MAX_BYTES} bytes; send a Sentry envelope`,
    );
  }
  let header: unknown;
  try {
    header = JSON.parse(envelope.subarray(0, headerLength).toString('utf8'));
  } catch {
    throw badRequest('ENVELOPE_MALFORMED', 'The envelope header (first line) is not JSON; send a Sentry envelope');
  }
  if (typeof header !== 'object' || header === null || Array.isArray(header)) {
    throw badRequest('ENVELOPE_MALFORMED', 'The envelope header (first line) must be a JSON object');
  }
  const dsn = (header as { dsn?: unknown }).dsn;
  if (typeof dsn !== 'string') {
    throw badRequest('ENVELOPE_DSN_MISSING', 'The envelope header has no "dsn"; this tunnel needs it to route');
  }
  const parsed = parseDsn(dsn);
  if (!parsed || !sameDsn(parsed, allowed)) {
    throw badRequest('ENVELOPE_DSN_REFUSED', 'This tunnel forwards reports only to the DSN this site is set up with');
  }
}
