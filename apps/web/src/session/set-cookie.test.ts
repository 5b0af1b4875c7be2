import { describe, expect, it } from 'vitest';
import { applyCookieChanges, parseSetCookie } from './set-cookie';

const now = Date.parse('2026-01-01T00:00:00Z');

describe('parseSetCookie', () => {
  it('reads the name and value of a cookie being set', () => {
    expect(parseSetCookie('civitas_citizen_token=abc.def; Max-Age=60; Path=/; HttpOnly; SameSite=Lax', now)).toEqual({
      name: 'civitas_citizen_token',
      value: 'abc.def',
    });
  });

  it('recognises a deletion by empty value, Max-Age=0 or a past Expires', () => {
    expect(parseSetCookie('a=; Path=/', now)?.value).toBeNull();
    expect(parseSetCookie('a=x; Max-Age=0; Path=/', now)?.value).toBeNull();
    expect(parseSetCookie('a=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT', now)?.value).toBeNull();
    expect(parseSetCookie('a=x; Expires=Fri, 01 Jan 2027 00:00:00 GMT', now)?.value).toBe('x');
  });

  it('ignores a header without a name', () => {
    expect(parseSetCookie('=x; Path=/', now)).toBeNull();
    expect(parseSetCookie('garbage', now)).toBeNull();
  });
});

describe('applyCookieChanges', () => {
  it('replaces, adds and removes cookies in a Cookie header', () => {
    const header = 'civitas_citizen_token=old; civitas_username=ana; civitas_guest_token=g';
    expect(
      applyCookieChanges(header, [
        { name: 'civitas_citizen_token', value: 'new' },
        { name: 'civitas_session_expires', value: '123' },
        { name: 'civitas_guest_token', value: null },
      ]),
    ).toBe('civitas_citizen_token=new; civitas_username=ana; civitas_session_expires=123');
  });

  it('starts from an empty header', () => {
    expect(applyCookieChanges('', [{ name: 'a', value: '1' }])).toBe('a=1');
  });
});
