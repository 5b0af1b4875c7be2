import { describe, expect, it } from 'vitest';
import { needsRenewal, parseExpiresAt, TOKEN_EXPIRY_MARGIN_MS } from './expiry';

describe('needsRenewal (docs/product.md §4: expired 180 s before the real expiry)', () => {
  const now = 1_700_000_000_000;

  it('keeps a token with more than 180 s left', () => {
    expect(needsRenewal(now + TOKEN_EXPIRY_MARGIN_MS + 1, now)).toBe(false);
    expect(needsRenewal(now + 15 * 60_000, now)).toBe(false);
  });

  it('renews a token within 180 s of its expiry, or past it', () => {
    expect(needsRenewal(now + TOKEN_EXPIRY_MARGIN_MS, now)).toBe(true);
    expect(needsRenewal(now + 60_000, now)).toBe(true);
    expect(needsRenewal(now - 1, now)).toBe(true);
  });

  it('renews when the expiry is unknown', () => {
    expect(needsRenewal(undefined, now)).toBe(true);
    expect(needsRenewal(Number.NaN, now)).toBe(true);
  });
});

describe('parseExpiresAt', () => {
  it('reads epoch milliseconds', () => {
    expect(parseExpiresAt('1700000000000')).toBe(1_700_000_000_000);
  });

  it('ignores anything else', () => {
    for (const value of [undefined, '', 'soon', '-5', '1e12', '12345678901234567890']) {
      expect(parseExpiresAt(value), String(value)).toBeUndefined();
    }
  });
});
