import type { AppContext } from '../../context.js';
import type { ReadyAnswer } from '../../http/express-lane.js';
import type { Route } from '../../http/route.js';
import createPost from './create-post.js';
import deletePost from './delete-post.js';
import getPost, { readyPost } from './get-post.js';
import getSharedPost from './get-shared-post.js';
import getPostStatus from './get-status.js';
import updateCaption from './update-caption.js';

export const postsRoutes = [createPost, getPost, getSharedPost, getPostStatus, deletePost, updateCaption] as Route[];

/** Answers the express lane gives before routing (ADR 045): a post as a citizen may see it. */
export const postsReadyAnswers = (ctx: AppContext): ReadyAnswer[] => [readyPost(ctx)];
