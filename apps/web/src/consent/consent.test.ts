import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, consentCookie, parseConsent, readConsent, serializeConsent } from './consent';

describe('consent cookie', () => {
  it('reads back every answer it writes', () => {
    for (const errorReporting of [true, false])
      for (const analytics of [true, false])
        expect(parseConsent(serializeConsent({ errorReporting, analytics }))).toEqual({ errorReporting, analytics });
  });

  it('treats a missing or foreign value as not answered', () => {
    for (const value of [undefined, '', 'yes', 'v1.e2.a0', 'v2.e1.a1', 'v1.e1.a1;x'])
      expect(parseConsent(value)).toBeNull();
  });

  it('is persistent for a year, site-wide, and Secure only on HTTPS', () => {
    const cookie = consentCookie({ errorReporting: true, analytics: false }, true);
    expect(cookie.startsWith(`${CONSENT_COOKIE}=v1.e1.a0;`)).toBe(true);
    expect(cookie).toContain('Max-Age=31536000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('Secure');
    expect(consentCookie({ errorReporting: false, analytics: false }, false)).not.toContain('Secure');
  });

  it('finds the answer among the page’s cookies', () => {
    expect(readConsent('a=1; civitas_consent=v1.e0.a1; b=2')).toEqual({ errorReporting: false, analytics: true });
    expect(readConsent('x_civitas_consent=v1.e1.a1')).toBeNull();
    expect(readConsent('')).toBeNull();
  });
});
