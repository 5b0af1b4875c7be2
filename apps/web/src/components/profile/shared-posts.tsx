'use client';

import type { PostView } from '@civitas/contract';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { useGetPostsOverviewQuery } from '@/client';
import type { ReadResult } from '@/server/api-read';
import { InfiniteList } from '../feed/infinite-list';
import { PostCard } from '../post/post-card';
import { type FeedPage, loadSharedLovedPosts, loadSharedProfilePosts } from './shared-posts-actions';

/** Which public list: a profile's public posts, or the public posts a creator loved. */
export type SharedSource = { kind: 'profile'; username: string } | { kind: 'loved'; influencerId: string };

const load = (source: SharedSource, token: string | undefined) =>
  source.kind === 'profile'
    ? loadSharedProfilePosts(source.username, token)
    : loadSharedLovedPosts(source.influencerId, token);

/** Spec §9: paging stops on an empty page (or when the server has no next token). */
const nextToken = (page: FeedPage | undefined): string | undefined =>
  page && page.data.length > 0 && page.continuationToken ? page.continuationToken : undefined;

/**
 * A public list whose pages come from the sharing reads: the first page server-rendered, the next ones through
 * a server action (shared-posts-actions.ts). The machine read knows nobody's likes, so for a citizen each
 * page's likes are read again as theirs (the posts overview), which is also the copy a like changes at once.
 */
export function SharedPosts({
  source,
  initial,
  signedIn,
  label,
  empty,
}: {
  source: SharedSource;
  /** The server's read of the first page; when it failed, the list says why and can ask again from here. */
  initial: ReadResult<FeedPage>;
  signedIn: boolean;
  label: string;
  empty: ReactNode;
}) {
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
      renderItem={(post, index) =>
        signedIn ? (
          <PostWithMyLikes post={post} pageIds={pageIdsOf.get(post.id) ?? [post.id]} priority={index === 0} />
        ) : (
          <PostCard post={post} signedIn={false} priority={index === 0} />
        )
      }
    />
  );
}

/** A post with the citizen's own like and the current count, from the overview of the page it came on. */
function PostWithMyLikes({ post, pageIds, priority }: { post: PostView; pageIds: string[]; priority: boolean }) {
  const overview = useGetPostsOverviewQuery({ query: { contentId: pageIds } });
  const likes = overview.data?.data.find((item) => item.contentId === post.id)?.likesOverviewDetails;
  return (
    <PostCard post={likes ? { ...post, likesOverviewDetails: likes } : post} signedIn={true} priority={priority} />
  );
}
