'use client';

import type { PostView } from '@civitas/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import type { ReadResult } from '@/server/api-read';
import { InfiniteList } from '../feed/infinite-list';
import { PostCard } from '../post/post-card';
import { PostTile, postGridClass } from '../post/post-tile';
import type { FeedPage } from './feed-page';
import { loadSharedLovedPosts, loadSharedProfilePosts } from './shared-posts-actions';
import { usePostsView } from './use-posts-view';

/** Which public list: a profile's public posts, or the public posts a creator loved. */
export type SharedSource = { kind: 'profile'; username: string } | { kind: 'loved'; influencerId: string };

const load = (source: SharedSource, token: string | undefined) =>
  source.kind === 'profile'
    ? loadSharedProfilePosts(source.username, token)
    : loadSharedLovedPosts(source.influencerId, token);

/** docs/product.md §9: paging stops on an empty page (or when the server has no next token). */
const nextToken = (page: FeedPage | undefined): string | undefined =>
  page && page.data.length > 0 && page.continuationToken ? page.continuationToken : undefined;

/**
 * A public list whose pages come from the sharing reads: the first page server-rendered, the next ones through
 * a server action (shared-posts-actions.ts). The machine read knows nobody's likes, so for a citizen each
 * page's likes are read again as theirs (shared-posts-with-likes.tsx); a guest's list needs no store. Shown as
 * the address asks (posts-view.ts): a grid of tiles, or cards.
 */
export function SharedPosts({
  source,
  initial,
  signedIn = false,
  renderedAt,
  renderPost = (post, _pageIds, priority) => (
    <PostCard post={post} signedIn={signedIn} priority={priority} now={renderedAt} />
  ),
  label,
  empty,
  children,
}: {
  source: SharedSource;
  /** The server's read of the first page; when it failed, the list says why and can ask again from here. */
  initial: ReadResult<FeedPage>;
  /**
   * A citizen's list of a profile's public posts, whose pages carry their own likes (the server action reads
   * them): its cards get like buttons without a store. False for a guest.
   */
  signedIn?: boolean;
  /** When the server rendered the page: the cards' ages are measured against it (ADR 067). */
  renderedAt: number;
  /** How a post shows; a guest's card by default (a citizen's reads their likes: shared-posts-with-likes.tsx). */
  renderPost?: (post: PostView, pageIds: string[], priority: boolean) => ReactNode;
  label: string;
  empty: ReactNode;
  /**
   * The first page's cards as the server rendered them (ADR 018), for the list view; without them (or in the
   * grid) the list renders its posts itself.
   */
  children?: ReactNode;
}) {
  const view = usePostsView();
  const [pages, setPages] = useState<FeedPage[]>(initial.ok ? [initial.data] : []);
  const [error, setError] = useState<unknown>(initial.ok ? undefined : { status: initial.status });
  const [fetching, setFetching] = useState(false);
  const started = pages.length > 0;
  const token = nextToken(pages.at(-1));
  const hasNextPage = !started || token !== undefined;

  const fetchNextPage = useCallback(async () => {
    if (fetching) return;
    setFetching(true);
    try {
      const result = await load(source, token);
      if (result.ok) {
        setPages((before) => [...before, result.data]);
        setError(undefined);
      } else {
        setError({ status: result.status });
      }
    } catch {
      // The server action itself could not be reached.
      setError({ status: 'FETCH_ERROR' });
    } finally {
      setFetching(false);
    }
  }, [fetching, source, token]);

  // The ids of the page each post came on: one likes read per page, shared by its posts.
  const pageIdsOf = useMemo(() => {
    const byPost = new Map<string, string[]>();
    for (const page of pages) {
      const ids = page.data.map((post) => post.id);
      for (const id of ids) if (!byPost.has(id)) byPost.set(id, ids);
    }
    return byPost;
  }, [pages]);

  const grid = view === 'grid';
  return (
    <InfiniteList
      result={{
        data: { pages },
        error,
        isLoading: fetching && !started,
        isFetchingNextPage: fetching && started,
        hasNextPage,
        fetchNextPage,
        refetch: fetchNextPage,
      }}
      keyOf={(post) => post.id}
      label={label}
      empty={empty}
      {...(grid ? { as: 'ul', listClassName: postGridClass } : {})}
      {...(children && initial.ok && !grid
        ? { lead: { node: children, keys: initial.data.data.map((post) => post.id) } }
        : {})}
      renderItem={(post, index) =>
        grid ? (
          <PostTile post={post} priority={index === 0} />
        ) : (
          renderPost(post, pageIdsOf.get(post.id) ?? [post.id], index === 0)
        )
      }
    />
  );
}
