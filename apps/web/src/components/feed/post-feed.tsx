'use client';

import type { PostView } from '@civitas/contract';
import type { ReactNode } from 'react';
import { PostCard } from '../post/post-card';
import { PostTile, postGridClass } from '../post/post-tile';
import { InfiniteList, type InfiniteResult } from './infinite-list';

/** A feed of posts, loading the next page near the end: cards, or a profile's grid of tiles. */
export function PostFeed({
  result,
  signedIn,
  label,
  empty,
  lead,
  view = 'list',
}: {
  result: InfiniteResult<PostView>;
  signedIn: boolean;
  label: string;
  empty: ReactNode;
  /** The server-rendered first posts (InfiniteList's `lead`). */
  lead?: { node: ReactNode; keys: readonly string[] } | undefined;
  /** Tiles three a row (a profile's grid) or cards. */
  view?: 'grid' | 'list';
}) {
  if (view === 'grid') {
    return (
      <InfiniteList
        result={result}
        keyOf={(post) => post.id}
        label={label}
        empty={empty}
        as="ul"
        listClassName={postGridClass}
        renderItem={(post, index) => <PostTile post={post} priority={index === 0} />}
      />
    );
  }
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
