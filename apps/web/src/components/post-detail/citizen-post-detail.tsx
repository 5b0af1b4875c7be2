'use client';

import type { ComponentProps } from 'react';
import { StoreProvider } from '@/client/store-provider';
import { PostDetail } from './post-detail';

/** A citizen's post page: the post in the store, with likes, follow and the author's tools. */
export default function CitizenPostDetail(props: ComponentProps<typeof PostDetail>) {
  return (
    <StoreProvider>
      <PostDetail {...props} />
    </StoreProvider>
  );
}
