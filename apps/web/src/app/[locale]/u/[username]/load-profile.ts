import { getProfile, getSharedProfile, getSharedProfileFeed, type ProfileView, Username } from '@civitas/contract';
import { cache } from 'react';
import type { FeedPage } from '@/components/profile/feed-page';
import type { PublicProfile } from '@/components/profile/profile-header';
import { type ReadResult, readAsCitizen, readAsMachine } from '@/server/api-read';
import { forReader, lovedPostsForReader } from '@/server/as-reader';
import { getServerSession } from '@/session/server-session';

/** A profile as the visitor may see it: with our relationship (citizens), its public part (guests), or why not. */
export type LoadedProfile =
  | { kind: 'citizen'; profile: ProfileView }
  | { kind: 'guest'; profile: PublicProfile }
  | { kind: 'missing' }
  | { kind: 'failed'; status: number };

/**
 * A signed-in citizen reads the profile with their own token (docs/product.md §7 "GET /influencers/profile/{username}"),
 * anyone else through the public sharing read with the web server's machine token. Cached per request, so the
 * metadata and the page share one read.
 */
export const loadProfile = cache(async (rawUsername: string): Promise<LoadedProfile> => {
  const parsed = Username.safeParse(rawUsername);
  // A name that cannot exist is simply not here.
  if (!parsed.success) return { kind: 'missing' };
  const username = parsed.data;
  const session = await getServerSession();
  if (session.kind === 'citizen') {
    const read = await readAsCitizen(getProfile, { params: { username } }, session.token);
    if (read.ok) return { kind: 'citizen', profile: read.data };
    if (read.status === 404) return { kind: 'missing' };
    // A token the API no longer takes: the public view still shows; the client then renews the session.
    if (read.status !== 401) return { kind: 'failed', status: read.status };
  }
  const read = await readAsMachine(getSharedProfile, { params: { username } });
  if (read.ok) return { kind: 'guest', profile: read.data };
  return read.status === 404 || read.status === 400 ? { kind: 'missing' } : { kind: 'failed', status: read.status };
});

/**
 * The first page of a profile's public posts, server-rendered for guests and citizens alike; a citizen's as they
 * may see it (their blocks, ADR 071) and with their own likes (so its like buttons are islands over server data,
 * ADR 023).
 */
export async function loadPublicPosts(username: string): Promise<ReadResult<FeedPage>> {
  const page = await readAsMachine(getSharedProfileFeed, { params: { username } });
  return page.ok ? forReader(page.data) : page;
}

/** The first page of the public posts a creator loved, as the reader may see them (ADR 071). */
export const loadSharedLoved = (influencerId: string) => lovedPostsForReader(influencerId, undefined);
