import { getPost, getProfile, getSharedPost, getSharedPostOverview, Id, type PostView } from '@civitas/contract';
import { cache } from 'react';
import { type ReadResult, readAsCitizen, readAsMachine } from '@/server/api-read';
import { getServerSession, type ServerSession } from '@/session/server-session';

/** What the post page can show: the post, nothing (404), or a failure to explain. */
export type LoadedPost =
  | { kind: 'found'; post: PostView; viewer: { kind: 'citizen'; username: string } | { kind: 'guest' } }
  | { kind: 'missing' }
  | { kind: 'failed'; status: number };

/**
 * A public post for anyone: the post, then its overview, whose likes and comment count are the current ones
 * (docs/product.md §7).
 */
async function readPublicPost(id: string): Promise<ReadResult<PostView>> {
  const post = await readAsMachine(getSharedPost, { params: { id } });
  if (!post.ok) return post;
  const overview = await readAsMachine(getSharedPostOverview, { params: { id } });
  // Without the overview the post's own counts are still right, only possibly a moment older.
  return overview.ok
    ? {
        ok: true,
        data: {
          ...post.data,
          likesOverviewDetails: overview.data.likesOverviewDetails,
          commentsCount: overview.data.commentsCount,
        },
      }
    : post;
}

/**
 * The post as the visitor may see it: a signed-in citizen reads it with their own token (private posts of
 * friends included), anyone else through the public sharing read. A post the visitor may not see answers
 * 404 just like one that does not exist (docs/design.md §1: never reveal that it exists). Cached per request, so the
 * metadata and the page share one read.
 */
export const loadPost = cache(async (rawId: string): Promise<LoadedPost> => {
  const parsedId = Id.safeParse(rawId);
  if (!parsedId.success) return { kind: 'missing' };
  // Read before the try: Next signals dynamic rendering by throwing from `cookies()`, which must not be caught.
  const session = await getServerSession();
  try {
    return await readVisiblePost(parsedId.data, session);
  } catch {
    // No answer at all (the API unreachable or too slow): the page says so instead of failing to render.
    return { kind: 'failed', status: 503 };
  }
});

async function readVisiblePost(id: string, session: ServerSession): Promise<LoadedPost> {
  if (session.kind === 'citizen') {
    const read = await readAsCitizen(getPost, { params: { id } }, session.token);
    if (read.ok) return { kind: 'found', post: read.data, viewer: { kind: 'citizen', username: session.username } };
    if (read.status === 404) return { kind: 'missing' };
    // A token the API no longer takes: the public read still shows a public post; the page refreshes the session.
    if (read.status !== 401) return { kind: 'failed', status: read.status };
  }
  const read = await readPublicPost(id);
  if (read.ok) {
    const viewer =
      session.kind === 'citizen'
        ? { kind: 'citizen' as const, username: session.username }
        : { kind: 'guest' as const };
    return { kind: 'found', post: read.data, viewer };
  }
  // 400 is an id the API does not take; like any unknown id it is simply not here.
  return read.status === 404 || read.status === 400 ? { kind: 'missing' } : { kind: 'failed', status: read.status };
}

/** What the signed-in reader has chosen about a post's author: following them, muting them (ADR 069). */
export interface AuthorRelation {
  following: boolean;
  muting: boolean;
}

/**
 * Whether the signed-in citizen follows and mutes `username` (the author of the post they are reading), for the
 * follow island and the "…" menu (ADR 071); null when it cannot be told (no session, a failed read, my own post),
 * and then neither is offered.
 */
export const loadAuthorRelation = cache(async (username: string): Promise<AuthorRelation | null> => {
  const session = await getServerSession();
  if (session.kind !== 'citizen') return null;
  try {
    const read = await readAsCitizen(getProfile, { params: { username } }, session.token);
    return read.ok && !read.data.isMe ? { following: read.data.amIFollowing, muting: read.data.amIMuting } : null;
  } catch {
    return null;
  }
});
