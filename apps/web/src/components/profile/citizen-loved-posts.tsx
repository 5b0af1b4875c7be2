'use client';

import { useTranslations } from 'next-intl';
import { useGetLovedPostsInfiniteQuery } from '@/client';
import { PostFeed } from '../feed/post-feed';
import { usePostsView } from './use-posts-view';

/** The public posts a creator loved, with my own likes on them (citizens; guests get the sharing read). */
export function CitizenLovedPosts({ influencerId, name }: { influencerId: string; name: string }) {
  const t = useTranslations('Profile');
  const feed = useGetLovedPostsInfiniteQuery({ params: { influencerId } });
  const view = usePostsView();
  return (
    <PostFeed
      result={feed}
      signedIn={true}
      view={view}
      label={t('lovedLabel', { name })}
      empty={<p>{t('lovedEmpty', { name })}</p>}
    />
  );
}
