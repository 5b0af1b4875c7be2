'use client';

import { useSearchParams } from 'next/navigation';
import { type PostsView, postsViewOf, VIEW_PARAM } from './posts-view';

/** The view the address asks for, read by every list on the page, so the toggle changes them all at once. */
export const usePostsView = (): PostsView => postsViewOf(useSearchParams().get(VIEW_PARAM));
