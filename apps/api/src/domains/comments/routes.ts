import type { Route } from '../../http/route.js';
import createComment from './create-comment.js';
import deleteComment from './delete-comment.js';
import getComments from './get-comments.js';
import setPostComments from './set-post-comments.js';

/** The comments' routes (ADR 084); registered by src/routes.ts. */
export const commentsRoutes = [getComments, createComment, deleteComment, setPostComments] as Route[];
