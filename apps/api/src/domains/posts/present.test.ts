import { CitizenSummary, PostView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import { citizen, created, hydrationOf, ids, postRow } from '../../../test/support/post-views.js';
import { citizenSummaryView, isoTime, postView } from './present.js';

// The views are pure: these tests build a Hydration by hand, with no database.

describe('citizenSummaryView', () => {
  it('renames the row’s columns to the contract’s fields', () => {
    const view = citizenSummaryView(citizen(ids.author, 'alice', { profile_picture_uri: '/p.webp', country: 'NZ' }));
    expect(view).toEqual({
      id: ids.author,
      username: 'alice',
      displayName: 'Alice Person',
      profilePictureUri: '/p.webp',
      country: 'NZ',
    });
    expect(CitizenSummary.parse(view)).toEqual(view);
  });

  it('keeps a missing profile picture as null', () => {
    expect(citizenSummaryView(citizen(ids.bob, 'bob')).profilePictureUri).toBeNull();
  });
});

describe('postView', () => {
  it('presents every field of a post, matching the contract schema', () => {
    const post = postRow();
    const view = postView(post, hydrationOf(post, { liked: true }));
    expect(view).toEqual({
      id: ids.post,
      author: {
        id: ids.author,
        username: 'alice',
        displayName: 'Alice Person',
        profilePictureUri: '/media/alice.webp',
        country: 'NZ',
      },
      caption: {
        content: 'Morning with @carol and @bob #Sun #sea',
        mentions: [
          { id: ids.carol, username: 'carol', displayName: 'Carol Person' },
          { id: ids.bob, username: 'bob', displayName: 'Bob Person' },
        ],
      },
      hashtags: ['Sun', 'sea'],
      mediaType: 'video',
      media: {
        status: 'ready',
        renditions: [{ width: 320, height: 569, uri: '/media/cover-320.webp' }],
        placeholder: 'data:image/webp;base64,AAAA',
        imageUri: null,
        coverImageUri: '/media/cover.webp',
        videoUri: '/media/video.mp4',
        hlsUri: '/media/hls/index.m3u8',
        width: 1080,
        height: 1920,
        altText: 'Waves at dawn',
      },
      moreMedia: [],
      externalLink: 'https://example.org/sea',
      sharingOptions: 'public',
      mentionRequest: [ids.carol, ids.bob],
      likesOverviewDetails: { likesCount: 7, liked: true },
      commentsCount: 2,
      createdAt: '2025-01-02T03:04:05.678Z',
      createdAtTimestampInMilliseconds: created,
      updatedAt: '2025-01-02T03:05:05.678Z',
      moderationDecision: null,
    });
    expect(PostView.parse(view)).toEqual(view);
  });

  it('tells a hidden post’s reader (only its author sees it) the decision and its reason (ADR 070)', () => {
    const post = postRow({ hidden_at: created + 120_000, moderation_reason: 'harassment' });
    expect(postView(post, hydrationOf(post)).moderationDecision).toEqual({
      action: 'hidden',
      reason: 'harassment',
      decidedAt: '2025-01-02T03:06:05.678Z',
    });
  });

  it('marks `liked` only for posts the viewer liked', () => {
    const post = postRow();
    expect(postView(post, hydrationOf(post)).likesOverviewDetails).toEqual({ likesCount: 7, liked: false });
  });

  it('never shows a negative like count', () => {
    const post = postRow({ likes_count: -2 });
    expect(postView(post, hydrationOf(post)).likesOverviewDetails.likesCount).toBe(0);
  });

  it('never shows a negative comment count', () => {
    const post = postRow({ comments_count: -1 });
    expect(postView(post, hydrationOf(post)).commentsCount).toBe(0);
  });

  it('leaves out mentions of citizens that no longer exist, but keeps the requested ids', () => {
    const post = postRow({ mention_ids: JSON.stringify([ids.gone, ids.bob]) });
    const view = postView(post, hydrationOf(post));
    expect(view.caption.mentions.map((mention) => mention.username)).toEqual(['bob']);
    expect(view.mentionRequest).toEqual([ids.gone, ids.bob]);
  });

  it('presents a private image post still processing, with no link or hashtags', () => {
    const post = postRow({
      media_type: 'image',
      sharing: 'private',
      status: 'processing',
      image_uri: null,
      cover_image_uri: null,
      video_uri: null,
      hls_uri: null,
      width: null,
      height: null,
      alt_text: null,
      external_link: null,
      caption: '',
      mention_ids: '[]',
      hashtags: '[]',
    });
    const view = postView(post, hydrationOf(post));
    expect(view).toMatchObject({
      mediaType: 'image',
      sharingOptions: 'private',
      media: { status: 'processing', imageUri: null, width: null },
      externalLink: null,
      caption: { content: '', mentions: [] },
      hashtags: [],
      mentionRequest: [],
    });
    expect(PostView.parse(view)).toEqual(view);
  });

  it('refuses to present a post whose author was not hydrated (a pipeline bug, not a user error)', () => {
    const post = postRow();
    expect(() => postView(post, hydrationOf(post, { citizens: [] }))).toThrow(/without its author/);
  });

  it('does not change the hydration it reads', () => {
    const post = postRow();
    const hydration = hydrationOf(post, { liked: true });
    const before = structuredClone(hydration);
    postView(post, hydration);
    expect(hydration).toEqual(before);
  });
});

describe('isoTime', () => {
  it('formats epoch milliseconds as ISO 8601 in UTC, the same every time it is asked', () => {
    expect(isoTime(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoTime(1_795_324_640_681)).toBe(new Date(1_795_324_640_681).toISOString());
    expect(isoTime(1_795_324_640_681)).toBe(new Date(1_795_324_640_681).toISOString());
  });
});
