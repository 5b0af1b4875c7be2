import { CommentsPage } from '@civitas/contract';
import { describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { lru } from '../../cache/lru.js';
import { commentsPageJson } from './comments-json.js';

// The page's JSON must be byte for byte what the route serialiser would write (JSON.stringify of zod's
// encoding), whether its text was checked before or not; a bad page must still be refused.

type Page = z.infer<typeof CommentsPage>;

const page = (content = 'Lovely light "here" \u0000 #sea'): Page => ({
  data: [
    {
      id: '0190a5b0-0000-7000-8000-0000000000c1',
      postId: '0190a5b0-0000-7000-8000-0000000000aa',
      parentId: null,
      author: {
        id: '0190a5b0-0000-7000-8000-000000000001',
        username: 'alice',
        displayName: 'Alice',
        profilePictureUri: null,
        country: 'NZ',
      },
      text: { content, mentions: [] },
      hashtags: ['sea'],
      createdAt: '2025-01-02T03:04:05.678Z',
      createdAtTimestampInMilliseconds: 1735787045678,
      canDelete: false,
      moderationDecision: null,
    },
  ],
  continuationToken: null,
  commentsCount: 1,
  commentsOff: false,
});

const zodJson = (body: Page) => JSON.stringify(CommentsPage.encode(body));

describe('commentsPageJson', () => {
  it("writes zod's bytes, and checks a text it has seen pass only once", () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const encode = vi.spyOn(CommentsPage, 'encode');
    try {
      expect(commentsPageJson(checked, page())).toBe(zodJson(page()));
      const checks = encode.mock.calls.length;
      expect(commentsPageJson(checked, page())).toBe(zodJson(page()));
      expect(encode.mock.calls.length).toBe(checks + 1); // the zodJson above only
      // Another text for the same comments is checked again.
      commentsPageJson(checked, page('Edited'));
      expect(encode.mock.calls.length).toBe(checks + 2);
    } finally {
      encode.mockRestore();
    }
  });

  it('refuses a page the contract refuses, seen or not', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const bad = { ...page(), commentsCount: -1 };
    expect(() => commentsPageJson(checked, bad)).toThrow();
    expect(() => commentsPageJson(checked, bad)).toThrow();
  });
});
