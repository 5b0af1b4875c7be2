'use server';

import { ContinuationQuery, getSharedLovedPosts, getSharedProfileFeed, Id, Username } from '@civitas/contract';
import type { ResultOf } from '@/client';
import { type ReadResult, readAsMachine } from '@/server/api-read';
import { withMyLikes } from '@/server/my-likes';

/**
 * The next pages of public lists whose only call is a machine-token sharing read (docs/product.md §6): a profile's public
 * posts and a creator's loved posts. The first page is server-rendered; these server actions fetch the rest
 * with the web server's machine token, so guests (and citizens: there is no citizen call for another person's
 * public posts) can keep scrolling. The arguments come from the browser, so they are checked like any input.
 */

export type FeedPage = ResultOf<typeof getSharedProfileFeed>;

const Token = ContinuationQuery.shape.continuationToken;
const invalid = { ok: false, status: 400 } as const;

export async function loadSharedProfilePosts(
  username: string,
  continuationToken: string | undefined,
): Promise<ReadResult<FeedPage>> {
  const name = Username.safeParse(username);
  const token = Token.safeParse(continuationToken);
  if (!name.success || !token.success) return invalid;
  const page = await readAsMachine(getSharedProfileFeed, {
    params: { username: name.data },
    query: token.data ? { continuationToken: token.data } : {},
  });
  // A citizen's page carries their own likes, so its cards need no store (ADR 023).
  return page.ok ? { ok: true, data: await withMyLikes(page.data) } : page;
}

export async function loadSharedLovedPosts(
  influencerId: string,
  continuationToken: string | undefined,
): Promise<ReadResult<FeedPage>> {
  const id = Id.safeParse(influencerId);
  const token = Token.safeParse(continuationToken);
  if (!id.success || !token.success) return invalid;
  return readAsMachine(getSharedLovedPosts, {
    params: { influencerId: id.data },
    query: token.data ? { continuationToken: token.data } : {},
  });
}
