'use client';

import { useTranslations } from 'next-intl';
import { useGetLovedPostsInfiniteQuery } from '@/client';
import { ProfilePostFeed } from './profile-post-feed';

/** The public posts a creator loved, with my own likes on them (citizens; guests get the sharing read). */
export function CitizenLovedPosts({ influencerId, name }: { influencerId: string; name: string }) {
  const t = useTranslations('Profile');
  const feed = useGetLovedPostsInfiniteQuery({ params: { influencerId } });
  return <ProfilePostFeed result={feed} label={t('lovedLabel', { name })} empty={<p>{t('lovedEmpty', { name })}</p>} />;
}
