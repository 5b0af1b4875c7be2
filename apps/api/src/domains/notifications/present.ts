import type { NotificationView } from '@civitas/contract';
import type { AppContext } from '../../context.js';
import { oneOf } from '../../db/id-list.js';
import type { NotificationGroupsTable } from '../../db/tables/notifications.js';
import { hydratePosts } from '../posts/hydrate.js';
import { citizenSummaryView, isoTime } from '../posts/present.js';
import { parseRenditions } from '../posts/renditions.js';
import { passesAll, standardRules } from '../posts/visibility.js';
import { requestIdOf } from './kinds.js';
import { newestActors } from './line-actors.js';
import { lineRef } from './notification-store.js';
import { isRead } from './unread.js';

/** Actors a line names; the rest are counted ("and 3 others"). */
export const ACTORS_SHOWN = 3;

/** The columns of a group that its line is made from (the list's page and the live stream read these). */
export const lineColumns = ['group_key', 'kind', 'post_id', 'latest_id', 'latest_at', 'actor_count'] as const;

type GroupRow = Pick<NotificationGroupsTable, (typeof lineColumns)[number]>;

/**
 * A page of groups as the list shows them, in three reads whatever the page's length: the newest actors of
 * every group (a suspended one is left out of the names), the posts through their rules for the reader (a post
 * they may no longer see is null), and which of the friend requests are still pending.
 */
export async function presentGroups(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'caches'>,
  recipientId: string,
  readUpTo: string | null,
  groups: readonly GroupRow[],
): Promise<NotificationView[]> {
  if (groups.length === 0) return [];
  const [actors, posts, pending] = await Promise.all([
    newestActors(
      ctx,
      groups.map((group) => ({ recipientId, groupKey: group.group_key })),
      ACTORS_SHOWN,
    ),
    visiblePosts(ctx, recipientId, groups),
    pendingRequests(ctx, groups),
  ]);
  return groups.map((group) => {
    const requestId = requestIdOf(group.group_key);
    return {
      id: group.latest_id,
      kind: group.kind,
      actors: (actors.get(lineRef(recipientId, group.group_key)) ?? []).map(citizenSummaryView),
      actorCount: group.actor_count,
      post: (group.post_id && posts.get(group.post_id)) || null,
      friendRequestId: requestId && pending.has(requestId) ? requestId : null,
      createdAt: isoTime(group.latest_at),
      read: isRead(group.latest_id, readUpTo),
    };
  });
}

/** The groups' posts the reader may see, by the posts' own rules, as small as the list shows them. */
async function visiblePosts(
  ctx: Pick<AppContext, 'db' | 'dialect' | 'caches'>,
  recipientId: string,
  groups: readonly GroupRow[],
): Promise<Map<string, NonNullable<NotificationView['post']>>> {
  const postIds = groups.flatMap((group) => (group.post_id ? [group.post_id] : []));
  const views = new Map<string, NonNullable<NotificationView['post']>>();
  if (postIds.length === 0) return views;
  const hydration = await hydratePosts(ctx, postIds, recipientId);
  for (const post of hydration.posts.values()) {
    if (!passesAll(standardRules, post, hydration)) continue;
    const smallest = parseRenditions(post.renditions).sort((a, b) => a.width - b.width)[0];
    views.set(post.id, {
      id: post.id,
      pictureUri: smallest?.uri ?? post.image_uri ?? post.cover_image_uri,
      placeholder: post.placeholder,
    });
  }
  return views;
}

/** Which of the page's friend requests still wait for an answer. */
async function pendingRequests(
  ctx: Pick<AppContext, 'db' | 'dialect'>,
  groups: readonly GroupRow[],
): Promise<Set<string>> {
  const ids = groups.flatMap((group) => requestIdOf(group.group_key) ?? []);
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .selectFrom('friend_requests')
    .select('id')
    .where(oneOf(ctx.dialect, 'id', ids))
    .execute();
  return new Set(rows.map((row) => row.id));
}
