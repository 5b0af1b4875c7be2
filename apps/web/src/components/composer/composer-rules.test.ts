import { describe, expect, it } from 'vitest';
import { pickedMentionIds, replaceToken, tokenAtCaret } from './caption-token';
import {
  acceptFor,
  altTextProblem,
  captionProblem,
  captionRemaining,
  completeLink,
  linkProblem,
  refusalProblem,
} from './composer-rules';

describe('caption tokens', () => {
  it('finds the mention or hashtag being typed at the caret', () => {
    expect(tokenAtCaret('Hello @al', 9)).toEqual({ trigger: '@', query: 'al', start: 6, end: 9 });
    expect(tokenAtCaret('#जयपु', 5)).toMatchObject({ trigger: '#', query: 'जयपु' });
    expect(tokenAtCaret('mail@example', 12)).toBeNull();
    expect(tokenAtCaret('Hello @al there', 15)).toBeNull();
    expect(tokenAtCaret('@', 1)).toBeNull();
  });

  it('replaces the token with the chosen name and a space, caret after it', () => {
    const token = tokenAtCaret('Hi @bo and', 6);
    expect(token).not.toBeNull();
    expect(replaceToken('Hi @bo and', token as NonNullable<typeof token>, 'bob')).toEqual({
      text: 'Hi @bob and',
      caret: 8,
    });
  });

  it('keeps only the picked people still written in the caption', () => {
    const picked = new Map([
      ['bob', 'id-bob'],
      ['carol', 'id-carol'],
    ]);
    expect(pickedMentionIds('with @Bob only', picked)).toEqual(['id-bob']);
  });
});

describe('field rules', () => {
  it('names the limit a refused file is over (the bytes are judged by checkChosenFile)', () => {
    expect(refusalProblem('imageTooLarge')).toEqual({ key: 'imageTooLarge', values: { max: 20 } });
    expect(refusalProblem('videoTooLarge')).toEqual({ key: 'videoTooLarge', values: { max: 512 } });
    expect(refusalProblem('notMedia')).toEqual({ key: 'notMedia' });
  });

  it('counts caption and alt text as a person does, like the server, and checks the link', () => {
    expect(captionProblem('a'.repeat(2200))).toBeNull();
    expect(captionProblem('👍🏽'.repeat(2200))).toBeNull();
    expect(captionProblem('😀'.repeat(2201))).toMatchObject({ key: 'captionTooLong' });
    expect(captionProblem('hi', 20)).toBeNull();
    expect(captionProblem('hi', 21)).toEqual({ key: 'tooManyMentions', values: { max: 20 } });
    expect(captionProblem('a'.repeat(2201))).toMatchObject({ key: 'captionTooLong' });
    // What the caption editor shows: "नमस्ते" is 6 UTF-16 units but 3 characters as a reader sees them.
    const hindi = 'नमस्ते '.repeat(500);
    expect(hindi.length).toBe(3500);
    expect(captionRemaining(hindi)).toBe(2200 - 2000);
    expect(captionProblem(hindi)).toBeNull();
    expect(captionRemaining('a'.repeat(2205))).toBe(-5);
    expect(altTextProblem('a'.repeat(1501))).toMatchObject({ key: 'altTooLong' });
    expect(linkProblem('')).toBeNull();
    expect(linkProblem('https://example.org/a')).toBeNull();
    expect(linkProblem('javascript:alert(1)')).toEqual({ key: 'linkInvalid' });
    expect(linkProblem('not a link')).toEqual({ key: 'linkInvalid' });
    expect(linkProblem('ftp://example.org/file')).toEqual({ key: 'linkInvalid' });
  });

  it('completes an address typed without a scheme with https://, as an address bar does', () => {
    expect(completeLink('  example.com/route ')).toBe('https://example.com/route');
    expect(completeLink('www.example.org')).toBe('https://www.example.org');
    expect(linkProblem('example.com/route')).toBeNull();
    // Left as typed: a scheme already there, nothing like a host, or nothing at all.
    expect(completeLink('http://example.org')).toBe('http://example.org');
    expect(completeLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(completeLink('hello world')).toBe('hello world');
    expect(completeLink('')).toBe('');
  });
});

describe('file inputs', () => {
  it('offer the declared types the server takes, videos only for the post itself', () => {
    expect(acceptFor('picture').split(',')).toEqual(expect.arrayContaining(['image/jpeg', 'image/heic', '.heic']));
    expect(acceptFor('picture')).not.toContain('video/');
    expect(acceptFor('pictureOrVideo').split(',')).toEqual(expect.arrayContaining(['image/png', 'video/mp4']));
    expect(acceptFor('pictureOrVideo')).not.toContain('image/*');
  });
});
