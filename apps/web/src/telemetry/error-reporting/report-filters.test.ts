import { describe, expect, it } from 'vitest';
import {
  DENIED_URLS,
  filterErrorEvent,
  filterTransaction,
  IGNORED_ERRORS,
  isFrameworkControlFlow,
} from './report-filters';

const digestError = (digest: string) => Object.assign(new Error(digest), { digest });
const errorEvent = (value = 'boom') => ({
  exception: { values: [{ type: 'Error', value }] },
  contexts: { trace: { trace_id: 'a'.repeat(32), span_id: 'b'.repeat(16) } },
});

// The SDK's own matching: a string anywhere in the message, a RegExp as written.
const ignored = (message: string) =>
  IGNORED_ERRORS.some((pattern) => (typeof pattern === 'string' ? message.includes(pattern) : pattern.test(message)));

describe('error events', () => {
  it('drops framework redirects and not-found, by the thrown error or by its message', () => {
    for (const digest of ['NEXT_REDIRECT;replace;/en;307;', 'NEXT_NOT_FOUND', 'NEXT_HTTP_ERROR_FALLBACK;404']) {
      expect(filterErrorEvent(errorEvent(), { originalException: digestError(digest) })).toBeNull();
      expect(filterErrorEvent(errorEvent(digest))).toBeNull();
    }
    expect(filterErrorEvent(errorEvent('NEXT_REDIRECT'))).toBeNull();
  });

  it('finds the digest on a cause', () => {
    expect(isFrameworkControlFlow(new Error('wrapped', { cause: digestError('NEXT_REDIRECT;push;/x;307;') }))).toBe(
      true,
    );
    expect(isFrameworkControlFlow(new Error('plain'))).toBe(false);
    expect(isFrameworkControlFlow('NEXT_REDIRECT')).toBe(false);
  });

  it('keeps a real error and marks its trace as an internal error', () => {
    const kept = filterErrorEvent(errorEvent('e2e boom'), { originalException: new Error('e2e boom') });
    expect(kept?.contexts.trace).toMatchObject({ trace_id: 'a'.repeat(32), status: 'internal_error' });
  });

  it('keeps an event without a trace as it is', () => {
    expect(filterErrorEvent({ exception: { values: [{ value: 'x' }] } })).toEqual({
      exception: { values: [{ value: 'x' }] },
    });
  });

  it('sends every address without its query and fragment, which may hold a reset token or an email', () => {
    const kept = filterErrorEvent({
      request: { url: 'https://civitas.example/reset-password?displayLanguage=de#token=secret' },
      exception: {
        values: [
          {
            value: 'x',
            stacktrace: {
              frames: [
                { filename: 'https://civitas.example/dev/mailbox?to=ana%40example.org' },
                { filename: 'https://civitas.example/_next/static/chunks/app.js' },
              ],
            },
          },
        ],
      },
    });
    expect(kept?.request?.url).toBe('https://civitas.example/reset-password');
    expect(kept?.exception?.values?.[0]?.stacktrace?.frames?.map((frame) => frame.filename)).toEqual([
      'https://civitas.example/dev/mailbox',
      'https://civitas.example/_next/static/chunks/app.js',
    ]);
  });
});

describe('transactions', () => {
  const transaction = (name: string, op: string, status?: string, ended = true) => ({
    type: 'transaction',
    transaction: name,
    ...(ended ? { timestamp: 2 } : {}),
    contexts: { trace: { op, ...(status ? { status } : {}) } },
  });

  it('drops the 404 page', () => {
    expect(filterTransaction(transaction('/404', 'pageload', 'ok'))).toBeNull();
    expect(filterTransaction(transaction('/_not-found', 'navigation', 'ok'))).toBeNull();
  });

  it('drops navigations that did not complete and keeps those that did', () => {
    expect(filterTransaction(transaction('/en/p/1', 'navigation', 'cancelled'))).toBeNull();
    expect(filterTransaction(transaction('/en/p/1', 'navigation', 'deadline_exceeded'))).toBeNull();
    expect(filterTransaction(transaction('/en/p/1', 'navigation', 'ok', false))).toBeNull();
    expect(filterTransaction(transaction('/en/p/1', 'navigation', 'ok'))).not.toBeNull();
    expect(filterTransaction(transaction('/en/p/1', 'pageload', 'cancelled'))).not.toBeNull();
  });
});

describe('browser noise', () => {
  it('ignores the listed messages and nothing like a real error', () => {
    expect(ignored('ResizeObserver loop completed with undelivered notifications.')).toBe(true);
    expect(ignored('ResizeObserver loop limit exceeded')).toBe(true);
    expect(ignored('Script error.')).toBe(true);
    expect(ignored('Non-Error promise rejection captured with value: undefined')).toBe(true);
    expect(ignored('e2e boom')).toBe(false);
    expect(ignored("TypeError: Cannot read properties of undefined (reading 'id')")).toBe(false);
    expect(ignored('Script error in my code')).toBe(false);
  });

  it('denies extension scripts but not ours', () => {
    const denied = (url: string) => DENIED_URLS.some((pattern) => pattern.test(url));
    expect(denied('chrome-extension://abcdef/content.js')).toBe(true);
    expect(denied('moz-extension://1234/script.js')).toBe(true);
    expect(denied('safari-web-extension://x/y.js')).toBe(true);
    expect(denied('http://localhost:3000/_next/static/chunks/app.js')).toBe(false);
  });
});
