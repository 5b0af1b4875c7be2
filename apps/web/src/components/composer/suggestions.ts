import { useListHashtagsInfiniteQuery, useSearchMentionInfiniteQuery } from '@/client';
import type { CaptionToken } from './caption-token';

export interface Suggestion {
  key: string;
  /** What goes in the caption after the trigger: a username or a tag. */
  insert: string;
  label: string;
  detail: string;
  /** A mentioned citizen's id. */
  citizenId?: string;
  /** A person's profile picture (null: the placeholder); absent for a hashtag. */
  picture?: string | null;
}

const PAGE = 8;

/**
 * What the pickers offer for the token being typed: people from search-mention for `@` (each with the picture
 * the same answer carries: no call per person), hashtags from /hashtags for `#`, each offset-paged (`more` loads
 * the next page).
 */
export function useSuggestions(token: CaptionToken | null, formatPosts: (count: number) => string) {
  const mentionQuery = token?.trigger === '@' ? token.query : null;
  const hashtagQuery = token?.trigger === '#' ? token.query : null;
  const mentions = useSearchMentionInfiniteQuery(
    { params: { keyword: mentionQuery ?? '' }, query: { limit: PAGE } },
    { skip: !mentionQuery },
  );
  const hashtags = useListHashtagsInfiniteQuery(
    { query: { search: hashtagQuery ?? '', limit: PAGE } },
    { skip: !hashtagQuery },
  );
  if (mentionQuery) {
    const pages = mentions.data?.pages ?? [];
    const items: Suggestion[] = pages.flatMap((page) =>
      page.data.map((person) => ({
        key: person.id,
        insert: person.username,
        label: person.displayName,
        detail: `@${person.username}`,
        citizenId: person.id,
        picture: person.profilePictureUri,
      })),
    );
    return {
      items,
      total: pages[0]?.total ?? 0,
      loading: mentions.isFetching,
      hasMore: items.length < (pages[0]?.total ?? 0),
      more: () => void mentions.fetchNextPage(),
    };
  }
  if (hashtagQuery) {
    const pages = hashtags.data?.pages ?? [];
    const items: Suggestion[] = pages.flatMap((page) =>
      page.data.map((tag) => ({
        key: tag.name,
        insert: tag.name,
        label: `#${tag.name}`,
        detail: formatPosts(tag.postsCount),
      })),
    );
    const total = pages[0]?.totalHashTags ?? 0;
    return {
      items,
      total,
      loading: hashtags.isFetching,
      hasMore: items.length < total,
      more: () => void hashtags.fetchNextPage(),
    };
  }
  return { items: [] as Suggestion[], total: 0, loading: false, hasMore: false, more: () => undefined };
}
