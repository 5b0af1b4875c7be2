import { FeedPage, PostView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { lru } from '../../cache/lru.js';
import { feedPageJson, postViewParts } from './post-json.js';

// The JSON written from checked views must be byte for byte what the route serialiser writes
// (JSON.stringify of zod's encoding), whether the view's text was checked before or not.

const view = (overrides: Partial<PostView> = {}): PostView => ({
  id: '0190a5b0-0000-7000-8000-0000000000aa',
  author: {
    id: '0190a5b0-0000-7000-8000-000000000001',
    username: 'alice',
    displayName: 'Alice "Quotes" Archer',
    profilePictureUri: null,
    country: 'NZ',
  },
  caption: {
    content: 'A caption that looks like JSON: "likesOverviewDetails":0 and \u0000 and é',
    mentions: [{ id: '0190a5b0-0000-7000-8000-000000000002', username: 'bob', displayName: 'Bob' }],
  },
  hashtags: ['sea', 'likesOverviewDetails'],
  mediaType: 'image',
  media: {
    status: 'ready',
    renditions: [],
    placeholder: null,
    imageUri: '/media/a.webp',
    coverImageUri: null,
    videoUri: null,
    hlsUri: null,
    width: 10,
    height: 20,
    altText: null,
  },
  moreMedia: [],
  externalLink: null,
  sharingOptions: 'public',
  mentionRequest: ['0190a5b0-0000-7000-8000-000000000002'],
  likesOverviewDetails: { likesCount: 3, liked: true },
  commentsCount: 5,
  createdAt: '2025-01-02T03:04:05.678Z',
  createdAtTimestampInMilliseconds: 1735787045678,
  updatedAt: '2025-01-02T03:05:05.678Z',
  moderationDecision: null,
  ...overrides,
});

const zodJson = (v: PostView) => JSON.stringify(PostView.encode(v));

describe('postViewParts', () => {
  it('writes what zod would, on the first (checked) and later (remembered) calls, with each reader’s likes', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const first = view();
    expect(postViewParts(checked, first).json).toBe(zodJson(first));
    expect(checked.size).toBe(1);
    const otherReader = view({ likesOverviewDetails: { likesCount: 4, liked: false } });
    expect(postViewParts(checked, otherReader).json).toBe(zodJson(otherReader));
    const commented = view({ commentsCount: 6 });
    expect(postViewParts(checked, commented).json).toBe(zodJson(commented));
    expect(postViewParts(checked, commented).json).toContain('"liked":true},"commentsCount":6,"createdAt"');
  });

  it('leaves the view as it was given once its text is written', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const given = view();
    const before = structuredClone(given);
    postViewParts(checked, given);
    expect(given).toEqual(before);
    expect(Object.keys(given)).toEqual(Object.keys(before));
  });

  it('checks a changed view again: a bad one throws even after a good one was remembered', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    postViewParts(checked, view());
    expect(() => postViewParts(checked, view({ createdAtTimestampInMilliseconds: 1.5 })).json).toThrow();
    expect(
      () => postViewParts(checked, view({ likesOverviewDetails: { likesCount: -1, liked: false } })).json,
    ).toThrow();
    expect(() => postViewParts(checked, view({ commentsCount: 0.5 })).json).toThrow();
  });

  it('answers with zod’s encoding, and remembers nothing, when it differs from the plain text', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const upper = view({ mentionRequest: ['0190A5B0-0000-7000-8000-000000000002'] });
    expect(postViewParts(checked, upper).json).toBe(zodJson(upper));
    expect(postViewParts(checked, upper).json).toContain('"mentionRequest":["0190a5b0-0000-7000-8000-000000000002"]');
    expect(checked.size).toBe(0);
  });
});

describe('feedPageJson', () => {
  it('writes a page as zod would, empty or not', () => {
    const checked = lru<string, string>({ maxEntries: 10 });
    const page = { data: [view(), view({ id: '0190a5b0-0000-7000-8000-0000000000ab' })], continuationToken: 'tok"en' };
    expect(feedPageJson(checked, page)).toBe(JSON.stringify(FeedPage.encode(page)));
    expect(feedPageJson(checked, page)).toBe(JSON.stringify(FeedPage.encode(page)));
    const empty = { data: [], continuationToken: null };
    expect(feedPageJson(checked, empty)).toBe(JSON.stringify(FeedPage.encode(empty)));
  });
});
