'use client';

import type { PostView } from '@civitas/contract';
import type { ReactNode } from 'react';
import type { InfiniteResult } from '../feed/infinite-list';
import { PostFeed } from '../feed/post-feed';
import { usePostsView } from './use-posts-view';

/** A profile's posts as a citizen reads them, in the view the address asks for (a grid of tiles, or cards). */
export function ProfilePostFeed(props: { result: InfiniteResult<PostView>; label: string; empty: ReactNode }) {
  const view = usePostsView();
  return <PostFeed {...props} signedIn={true} view={view} />;
}
