import type { CitizenSummaryRow, Hydration, PostRow } from '../../src/domains/posts/hydrate.js';

// Posts, citizens and hydrations built by hand, for the views' unit tests (no database).

export const ids = {
  author: '0190a5b0-0000-7000-8000-000000000001',
  bob: '0190a5b0-0000-7000-8000-000000000002',
  carol: '0190a5b0-0000-7000-8000-000000000003',
  gone: '0190a5b0-0000-7000-8000-000000000004',
  post: '0190a5b0-0000-7000-8000-0000000000aa',
  viewer: '0190a5b0-0000-7000-8000-0000000000bb',
};

export const citizen = (
  id: string,
  username: string,
  overrides: Partial<CitizenSummaryRow> = {},
): CitizenSummaryRow => ({
  id,
  username,
  display_name: `${username[0]?.toUpperCase()}${username.slice(1)} Person`,
  profile_picture_uri: null,
  country: 'GB',
  ...overrides,
});

export const created = Date.UTC(2025, 0, 2, 3, 4, 5, 678);

export const postRow = (overrides: Partial<PostRow> = {}): PostRow => ({
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
  more_media: '[]',
  external_link: 'https://example.org/sea',
  likes_count: 7,
  comments_count: 2,
  created_at: created,
  updated_at: created + 60_000,
  deleted_at: null,
  hidden_at: null,
  moderation_reason: null,
  ...overrides,
});

export function hydrationOf(
  post: PostRow,
  options: { liked?: boolean; citizens?: CitizenSummaryRow[] } = {},
): Hydration {
  const citizens = options.citizens ?? [
    citizen(ids.author, 'alice', { profile_picture_uri: '/media/alice.webp', country: 'NZ' }),
    citizen(ids.bob, 'bob'),
    citizen(ids.carol, 'carol'),
  ];
  return {
    viewerId: ids.viewer,
    posts: new Map([[post.id, post]]),
    contents: new Map(),
    citizens: new Map(citizens.map((row) => [row.id, row])),
    likedByViewer: new Set(options.liked ? [post.id] : []),
    friendsOfViewer: new Set(),
    suspendedAuthors: new Set(),
    blockedWithViewer: new Set(),
    mutedByViewer: new Set(),
  };
}
