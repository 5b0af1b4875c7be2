import { describe, expect, it } from 'vitest';
import { addressKey } from './address-key.js';

describe('addressKey', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads an IPv4 address written as IPv6 as that IPv4 address', () => {
    expect(addressKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it('keys an IPv6 address by its /64, however it is written', () => {
    expect(addressKey('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:0DB8:000A:000B::ffff')).toBe('2001:db8:a:b::/64');
    expect(addressKey('2001:db8:a:c::1')).toBe('2001:db8:a:c::/64');
    expect(addressKey('::1')).toBe('::/64');
  });

  it('keys what it cannot read as given', () => {
    expect(addressKey(undefined)).toBe('unknown');
    expect(addressKey('not:an:address')).toBe('not:an:address');
  });
});
