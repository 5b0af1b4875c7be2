import { describe, expect, it } from 'vitest';
import { returnPathFor, signInHref } from './request-path';

describe('returnPathFor', () => {
  it('comes back to the page where signing in started, with its query', () => {
    expect(returnPathFor('/dev/mailbox?to=ana%40example.org')).toBe('/dev/mailbox?to=ana%40example.org');
    expect(returnPathFor('/')).toBe('/');
  });

  it('goes home from the account pages themselves', () => {
    for (const page of ['/sign-in?interaction=x', '/sign-up', '/verify-email?influencerId=1', '/reset-password']) {
      expect(returnPathFor(page), page).toBe('/');
    }
  });

  it('never leaves the site', () => {
    for (const path of ['//evil.example/x', '/\\evil.example', 'https://evil.example/', '', null, undefined, '/a b']) {
      expect(returnPathFor(path), String(path)).toBe('/');
    }
  });
});

describe('signInHref', () => {
  it('starts the own-origin login with the page to return to', () => {
    expect(signInHref('/dev/mailbox?to=a')).toBe('/api/auth/login?next=%2Fdev%2Fmailbox%3Fto%3Da');
    expect(signInHref(null)).toBe('/api/auth/login?next=%2F');
  });
});
