import { getLovedPosts, getPostsOverview, getSharedLovedPosts } from '@civitas/contract';
import type { FeedPage } from '@/components/profile/feed-page';
import { getServerSession } from '@/session/server-session';
import { type ReadResult, readAsCitizen, readAsMachine } from './api-read';

/*
 * Public lists read for the signed-in reader (ADR 069's consequence, ADR 071). The machine's sharing reads know
 * nobody: a block between the reader and an author, or a mute, would not hold in them. Where there is a reader,
 * their own calls decide what they see: the loved posts are the citizen's call, and a profile's public posts
 * (which have no citizen call, docs/product.md §7) keep only the posts the reader's posts overview answers for,
 * since it leaves out every post the caller may not see (the same rules as their own reads). Guests, and a
 * reader whose token the API no longer takes (the page then renders as a guest's, as load-profile.ts does),
 * read as the machine.
 */

/** The status the API answers a token it no longer takes with. */
const UNAUTHORIZED = 401;

/**
 * A page of public posts (from a machine read) as the signed-in reader may see it, with their own likes and the
 * current counts; a guest's page as it was. When the reader's overview cannot be read, nothing is shown rather
 * than posts they might not be allowed to see.
 */
export async function forReader(page: FeedPage): Promise<ReadResult<FeedPage>> {
  const session = await getServerSession();
  if (session.kind !== 'citizen' || page.data.length === 0) return { ok: true, data: page };
  const overview = await readAsCitizen(
    getPostsOverview,
    { query: { contentId: page.data.map((post) => post.id) } },
    session.token,
  ).catch(() => ({ ok: false as const, status: 503 }));
  if (!overview.ok) return overview.status === UNAUTHORIZED ? { ok: true, data: page } : overview;
  const seen = new Map(overview.data.data.map((item) => [item.contentId, item]));
  const data = page.data.flatMap((post) => {
    const current = seen.get(post.id);
    return current
      ? [{ ...post, likesOverviewDetails: current.likesOverviewDetails, commentsCount: current.commentsCount }]
      : [];
  });
  return { ok: true, data: { ...page, data } };
}

/** A page of the posts a creator loved: the reader's own call (blocks and mutes hold), else the machine's. */
export async function lovedPostsForReader(
  influencerId: string,
  continuationToken: string | undefined,
): Promise<ReadResult<FeedPage>> {
  const request = {
    params: { influencerId },
    query: continuationToken ? { continuationToken } : {},
  };
  const session = await getServerSession();
  if (session.kind === 'citizen') {
    const read = await readAsCitizen(getLovedPosts, request, session.token);
    if (read.ok || read.status !== UNAUTHORIZED) return read;
  }
  return readAsMachine(getSharedLovedPosts, request);
}
