import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, guest, type TestApp } from '../support/harness.js';

// An address the router cannot decode is refused before any route or hook runs (Fastify's `frameworkErrors`):
// the answer still carries every answer's security headers and the error shape, and never echoes the address.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a malformed address', () => {
  it('is a 400 in the error shape, with the security headers, naming what to fix', async () => {
    const addresses = [
      '/api/%zz',
      '/p/%E0%A4',
      '/api/users/creators-content/%E0%A4/caption',
      '/api/content/v9/feed/eight-stage%ff?country=GB',
    ];
    for (const url of addresses) {
      const res = await t.request({ method: 'GET', url, as: guest });
      expect(res.statusCode, url).toBe(400);
      expect(res.json(), url).toEqual({
        statusCode: 400,
        error: 'Bad Request',
        code: 'MALFORMED_ADDRESS',
        message: expect.stringContaining('malformed %-escape'),
      });
      expect(res.body, url).not.toContain(url.split('?')[0]);
      expect(res.headers['content-type'], url).toContain('application/json');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy'], url).toBe(
        "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
      );
    }
  });
});
