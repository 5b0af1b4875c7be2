import type { Hydration, PostRow } from './hydrate.js';

/** A named, reusable filter over hydrated posts; feeds list the rules they apply. */
export type PostRule = (post: PostRow, hydration: Hydration) => boolean;

export const notDeleted: PostRule = (post) => post.deleted_at === null;

/** Posts still waiting for media or processing are shown to their author only. */
export const readyOrOwn: PostRule = (post, { viewerId }) => post.status === 'ready' || post.author_id === viewerId;

/** Private posts: the author and the author's friends, nobody else. */
export const visibleToViewer: PostRule = (post, { viewerId, friendsOfViewer }) =>
  post.sharing === 'public' || post.author_id === viewerId || friendsOfViewer.has(post.author_id);

export const publicOnly: PostRule = (post) => post.sharing === 'public';

export const authorExists: PostRule = (post, { citizens }) => citizens.has(post.author_id);

/** The rules every read of a post applies. Writes check the same in SQL: keep visible-sql.ts in step. */
export const standardRules: readonly PostRule[] = [notDeleted, authorExists, readyOrOwn, visibleToViewer];

export const passesAll = (rules: readonly PostRule[], post: PostRow, hydration: Hydration) =>
  rules.every((rule) => rule(post, hydration));
