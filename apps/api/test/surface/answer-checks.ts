import type { LightMyRequestResponse } from 'fastify';
import type { HostileRequest } from './hostile-inputs.js';

// What every answer to a hostile request must be (docs/design.md §2): below 500; an error is
// the JSON shape {statusCode, error, message}; nothing shows a stack trace, a source path or SQL.

const stackTrace = /\bat .+\(.+:\d+:\d+\)|node_modules|\/(?:apps|src|work|home|usr)\/\S+\.[jt]s\b|\.[jt]s:\d+:\d+/;
const sqlText =
  /\b(?:select|insert|update|delete)\b[\s\S]*\b(?:from|into|set)\b|sqlite|postgres|syntax error|violates|relation "|kysely|SQLSTATE/i;

/** The request's own text, which an error may fairly quote back (a route, a header value). */
function inputText(request: HostileRequest): string {
  let url = request.url;
  try {
    url += `\n${decodeURIComponent(request.url)}`;
  } catch {}
  return [url, String(request.payload ?? ''), ...Object.values(request.headers)].join('\n');
}

/** `text` without the runs of 6 or more characters that it quotes from `input`. */
export function withoutQuotes(text: string, input: string): string {
  let out = '';
  let index = 0;
  while (index < text.length) {
    let end = index + 6;
    if (end <= text.length && input.includes(text.slice(index, end))) {
      while (end < text.length && input.includes(text.slice(index, end + 1))) end += 1;
      index = end;
      out += ' ';
    } else {
      out += text[index];
      index += 1;
    }
  }
  return out;
}

type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>;

/** Why the answer is wrong, or null when it is fine. */
export function problem(request: HostileRequest, res: Answer): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}`;
  if (res.statusCode === 204 || (res.statusCode >= 300 && res.statusCode < 400)) return null;
  const json = String(res.headers['content-type'] ?? '').includes('application/json');
  let body: unknown;
  try {
    body = json ? JSON.parse(res.body) : undefined;
  } catch {
    return 'the body is not JSON';
  }
  if (res.statusCode < 400) return null;
  if (!json) return `an error answered as ${res.headers['content-type']}`;
  const error = body as { statusCode?: unknown; error?: unknown; message?: unknown };
  if (error.statusCode !== res.statusCode || typeof error.error !== 'string' || typeof error.message !== 'string') {
    return 'not the error shape {statusCode, error, message}';
  }
  // Only what the server wrote itself counts: a 404 may name the route asked for, SQL-ish text and all.
  if (stackTrace.test(res.body) || sqlText.test(res.body)) {
    const own = withoutQuotes(res.body, inputText(request));
    if (stackTrace.test(own)) return 'a stack trace or file path in the body';
    if (sqlText.test(own)) return 'SQL or database text in the body';
  }
  return null;
}

/** The request and answer, cut to a readable size, for a failure message. */
export function show(request: HostileRequest & { as: string }, seed: number, res?: Answer): string {
  const payload = request.payload;
  return JSON.stringify(
    {
      seed,
      as: request.as,
      method: request.method,
      url: request.url.slice(0, 500),
      headers: Object.fromEntries(Object.entries(request.headers).map(([key, value]) => [key, value.slice(0, 200)])),
      payload:
        payload === undefined
          ? undefined
          : Buffer.isBuffer(payload)
            ? `<${payload.length} bytes> ${payload.subarray(0, 100).toString('hex')}`
            : `${payload.slice(0, 500)}${payload.length > 500 ? `… (${payload.length} characters)` : ''}`,
      answer: res && { status: res.statusCode, body: res.body.slice(0, 1000) },
    },
    null,
    2,
  );
}
