import getBirthdayCharity from './domains/charities/get-birthday-charity.js';
import getPaymentModes from './domains/charities/get-payment-modes.js';
import createPost from './domains/posts/create-post.js';
import deletePost from './domains/posts/delete-post.js';
import getPost from './domains/posts/get-post.js';
import getSharedPost from './domains/posts/get-shared-post.js';
import getPostStatus from './domains/posts/get-status.js';
import updateCaption from './domains/posts/update-caption.js';
import type { Route } from './http/route.js';

/** Every route of the API, registered explicitly (grep here to find where a path is served). */
export const routes: readonly Route[] = [
  // posts
  createPost,
  getPost,
  getSharedPost,
  getPostStatus,
  deletePost,
  updateCaption,
  // charities and payments
  getBirthdayCharity,
  getPaymentModes,
] as Route[];
