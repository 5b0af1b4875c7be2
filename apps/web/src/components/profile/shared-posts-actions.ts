'use server';

import { ContinuationQuery, getSharedProfileFeed, Id, Username } from '@civitas/contract';
import { type ReadResult, readAsMachine } from '@/server/api-read';
import { forReader, lovedPostsForReader } from '@/server/as-reader';
import type { FeedPage } from './feed-page';

/**
 * The next pages of public lists whose only call is a machine-token sharing read (docs/product.md §6): a profile's public
 * posts and a creator's loved posts. The first page is server-rendered; these server actions fetch the rest
 * with the web server's machine token, so guests (and citizens: there is no citizen call for another person's
 * public posts) can keep scrolling; a signed-in reader gets what their own calls allow (server/as-reader.ts,
 * ADR 071). The arguments come from the browser, so they are checked like any input.
 */

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
  // As the reader may see it (their blocks: ADR 071), with their own likes, so its cards need no store (ADR 023).
  return page.ok ? forReader(page.data) : page;
}

export async function loadSharedLovedPosts(
  influencerId: string,
  continuationToken: string | undefined,
): Promise<ReadResult<FeedPage>> {
  const id = Id.safeParse(influencerId);
  const token = Token.safeParse(continuationToken);
  if (!id.success || !token.success) return invalid;
  return lovedPostsForReader(id.data, token.data);
}
