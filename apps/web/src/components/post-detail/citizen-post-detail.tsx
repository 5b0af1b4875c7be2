'use client';

import type { ComponentProps } from 'react';
import { StoreProvider } from '@/client/store-provider';
import { PostDetail } from './post-detail';

/** The author's own post page: the post in the store, with likes and the author's tools (caption, delete). */
export default function CitizenPostDetail(props: ComponentProps<typeof PostDetail>) {
  return (
    <StoreProvider>
      <PostDetail {...props} />
    </StoreProvider>
  );
}
