import { CommentsPage } from '@civitas/contract';
import type { z } from 'zod';
import { type CheckedPostJson, checkedOnce } from '../posts/post-json.js';

/**
 * A page of comments as JSON, checked against the contract's schema once per distinct text instead of once per
 * response, in the posts' cache of checked texts (posts/post-json.ts): zod's check and copy of twenty comments
 * was a seventh of the list's CPU. Remembered by the page's comment ids; any difference (a comment, an author's
 * name, `canDelete`, the count) is checked again.
 */
export const commentsPageJson = (checked: CheckedPostJson, page: z.infer<typeof CommentsPage>): string =>
  checkedOnce(checked, `comments:${page.data.map((comment) => comment.id).join()}`, CommentsPage, page);
