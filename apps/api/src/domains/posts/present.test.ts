import { CitizenSummary, PostView } from '@civitas/contract';
import { describe, expect, it } from 'vitest';
import type { CitizenSummaryRow, Hydration, PostRow } from './hydrate.js';
import { citizenSummaryView, isoTime, postView } from './present.js';

// The views are pure: these tests build a Hydration by hand, with no database.

const ids = {
  author: '0190a5b0-0000-7000-8000-000000000001',
  bob: '0190a5b0-0000-7000-8000-000000000002',
  carol: '0190a5b0-0000-7000-8000-000000000003',
  gone: '0190a5b0-0000-7000-8000-000000000004',
  post: '0190a5b0-0000-7000-8000-0000000000aa',
  viewer: '0190a5b0-0000-7000-8000-0000000000bb',
};

const citizen = (id: string, username: string, overrides: Partial<CitizenSummaryRow> = {}): CitizenSummaryRow => ({
  id,
  username,
  display_name: `${username[0]?.toUpperCase()}${username.slice(1)} Person`,
  profile_picture_uri: null,
  country: 'GB',
  ...overrides,
});

const created = Date.UTC(2025, 0, 2, 3, 4, 5, 678);

const postRow = (overrides: Partial<PostRow> = {}): PostRow => ({
  id: ids.post,
  author_id: ids.author,
  caption: 'Morning with @carol and @bob #Sun #sea',
  mention_ids: JSON.stringify([ids.carol, ids.bob]),
  hashtags: JSON.stringify(['Sun', 'sea']),
  media_type: 'video',
  sharing: 'public',
  status: 'ready',
  image_uri: null,
  cover_image_uri: '/media/cover.webp',
  video_uri: '/media/video.mp4',
  hls_uri: '/media/hls/index.m3u8',
  renditions: JSON.stringify([{ width: 320, height: 569, uri: '/media/cover-320.webp' }]),
  placeholder: 'data:image/webp;base64,AAAA',
  width: 1080,
  height: 1920,
  alt_text: 'Waves at dawn',
  external_link: 'https://example.org/sea',
  likes_count: 7,
  created_at: created,
  updated_at: created + 60_000,
  deleted_at: null,
  ...overrides,
});

function hydrationOf(post: PostRow, options: { liked?: boolean; citizens?: CitizenSummaryRow[] } = {}): Hydration {
  const citizens = options.citizens ?? [
    citizen(ids.author, 'alice', { profile_picture_uri: '/media/alice.webp', country: 'NZ' }),
    citizen(ids.bob, 'bob'),
    citizen(ids.carol, 'carol'),
  ];
  return {
    viewerId: ids.viewer,
    posts: new Map([[post.id, post]]),
    citizens: new Map(citizens.map((row) => [row.id, row])),
    likedByViewer: new Set(options.liked ? [post.id] : []),
    friendsOfViewer: new Set(),
  };
}

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
      externalLink: 'https://example.org/sea',
      sharingOptions: 'public',
      mentionRequest: [ids.carol, ids.bob],
      likesOverviewDetails: { likesCount: 7, liked: true },
      createdAt: '2025-01-02T03:04:05.678Z',
      createdAtTimestampInMilliseconds: created,
      updatedAt: '2025-01-02T03:05:05.678Z',
    });
    expect(PostView.parse(view)).toEqual(view);
  });

  it('marks `liked` only for posts the viewer liked', () => {
    const post = postRow();
    expect(postView(post, hydrationOf(post)).likesOverviewDetails).toEqual({ likesCount: 7, liked: false });
  });

  it('never shows a negative like count', () => {
    const post = postRow({ likes_count: -2 });
    expect(postView(post, hydrationOf(post)).likesOverviewDetails.likesCount).toBe(0);
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
