'use client';

import type { PostView } from '@civitas/contract';
import type { ReactNode } from 'react';
import { PostCard } from '../post/post-card';
import { InfiniteList, type InfiniteResult } from './infinite-list';

/** A feed of posts: cards, loading the next page near the end. */
export function PostFeed({
  result,
  signedIn,
  label,
  empty,
  lead,
}: {
  result: InfiniteResult<PostView>;
  signedIn: boolean;
  label: string;
  empty: ReactNode;
  /** The server-rendered first posts (InfiniteList's `lead`). */
  lead?: { node: ReactNode; keys: readonly string[] } | undefined;
}) {
  return (
    <InfiniteList
      result={result}
      keyOf={(post) => post.id}
      label={label}
      empty={empty}
      {...(lead ? { lead } : {})}
      renderItem={(post, index) => <PostCard post={post} signedIn={signedIn} priority={index === 0} />}
    />
  );
}
