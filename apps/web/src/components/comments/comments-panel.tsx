'use client';

import { StoreProvider } from '@/client/store-provider';
import { Comments, type CommentsProps } from './comments';

/** The comments with the store under them: the chunk comments-island.tsx loads when they are wanted. */
export default function CommentsPanel(props: CommentsProps) {
  return (
    <StoreProvider>
      <Comments {...props} />
    </StoreProvider>
  );
}
