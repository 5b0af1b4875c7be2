import type { Route } from '../../http/route.js';
import createPost from './create-post.js';
import deletePost from './delete-post.js';
import getPost from './get-post.js';
import getSharedPost from './get-shared-post.js';
import getPostStatus from './get-status.js';
import updateCaption from './update-caption.js';

export const postsRoutes = [createPost, getPost, getSharedPost, getPostStatus, deletePost, updateCaption] as Route[];
