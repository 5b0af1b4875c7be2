import type { Route } from '../../http/route.js';
import getMe from './get-me.js';
import getProfile from './get-profile.js';
import getSharedProfile from './get-shared-profile.js';
import { removeMyCover, removeMyPicture, setMyCover, setMyPicture } from './image-routes.js';
import setMyLanguage from './set-my-language.js';
import updateMyProfile from './update-my-profile.js';

/** The profiles domain's routes; registered by src/routes.ts. */
export const profilesRoutes = [
  getMe,
  setMyLanguage,
  updateMyProfile,
  setMyPicture,
  removeMyPicture,
  setMyCover,
  removeMyCover,
  getProfile,
  getSharedProfile,
] as Route[];
