import type { getSharedProfileFeed } from '@civitas/contract';
import type { ResultOf } from '@/client';

/** A page of a profile's public posts or of a creator's loved posts, as the lists render it (one shape for both). */
export type FeedPage = ResultOf<typeof getSharedProfileFeed>;
