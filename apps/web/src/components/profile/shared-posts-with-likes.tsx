'use client';

import type { PostView } from '@civitas/contract';
import type { ComponentProps } from 'react';
import { useGetPostsOverviewQuery } from '@/client';
import { PostCard } from '../post/post-card';
import { SharedPosts } from './shared-posts';

/**
 * A public list as a citizen sees it: each page's likes read again as theirs (the posts overview), which is
 * also the copy a like changes at once. Needs the store (a `StoreProvider` above it).
 */
export function SharedPostsWithMyLikes(props: Omit<ComponentProps<typeof SharedPosts>, 'renderPost'>) {
  return (
    <SharedPosts
      {...props}
      renderPost={(post, pageIds, priority) => (
        <PostWithMyLikes post={post} pageIds={pageIds} priority={priority} now={props.renderedAt} />
      )}
    />
  );
}

/** A post with the citizen's own like and the current count, from the overview of the page it came on. */
function PostWithMyLikes({
  post,
  pageIds,
  priority,
  now,
}: {
  post: PostView;
  pageIds: string[];
  priority: boolean;
  now: number;
}) {
  const overview = useGetPostsOverviewQuery({ query: { contentId: pageIds } });
  const current = overview.data?.data.find((item) => item.contentId === post.id);
  return (
    <PostCard
      post={
        current
          ? { ...post, likesOverviewDetails: current.likesOverviewDetails, commentsCount: current.commentsCount }
          : post
      }
      signedIn={true}
      priority={priority}
      now={now}
    />
  );
}
