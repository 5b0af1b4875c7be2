import type { Route } from '../../http/route.js';
import getMe from './get-me.js';
import getProfile from './get-profile.js';
import getSharedProfile from './get-shared-profile.js';
import setMyLanguage from './set-my-language.js';

/** The profiles domain's routes; registered by src/routes.ts. */
export const profilesRoutes = [getMe, setMyLanguage, getProfile, getSharedProfile] as Route[];
