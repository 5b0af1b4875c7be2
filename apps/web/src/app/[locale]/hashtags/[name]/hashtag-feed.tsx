'use client';

import { useTranslations } from 'next-intl';
import { useGetHashtagFeedInfiniteQuery } from '@/client';
import { PostFeed } from '@/components/feed/post-feed';

/** The posts of one hashtag, loading the next page near the end and stopping on an empty one (docs/product.md §9). */
export function HashtagFeed({ tag, signedIn }: { tag: string; signedIn: boolean }) {
  const t = useTranslations('People.hashtag');
  const feed = useGetHashtagFeedInfiniteQuery({ params: { name: tag } });
  return (
    <PostFeed
      result={feed}
      signedIn={signedIn}
      label={t('label', { name: tag })}
      empty={<p>{t('empty', { name: tag })}</p>}
    />
  );
}
