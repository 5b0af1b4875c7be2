import { getPostsOverview } from '@civitas/contract';
import type { FeedPage } from '@/components/profile/shared-posts-actions';
import { getServerSession } from '@/session/server-session';
import { readAsCitizen } from './api-read';

/**
 * A page of a public list (read with the machine token, which knows nobody's likes) with the signed-in
 * citizen's own likes and the current counts, from the posts overview (one read per page). A guest's page,
 * or one whose overview could not be read, is returned as it was: its counts are still right.
 */
export async function withMyLikes(page: FeedPage): Promise<FeedPage> {
  const session = await getServerSession();
  if (session.kind !== 'citizen' || page.data.length === 0) return page;
  try {
    const overview = await readAsCitizen(
      getPostsOverview,
      { query: { contentId: page.data.map((post) => post.id) } },
      session.token,
    );
    if (!overview.ok) return page;
    const likes = new Map(overview.data.data.map((item) => [item.contentId, item.likesOverviewDetails]));
    return {
      ...page,
      data: page.data.map((post) => {
        const mine = likes.get(post.id);
        return mine ? { ...post, likesOverviewDetails: mine } : post;
      }),
    };
  } catch {
    return page;
  }
}
