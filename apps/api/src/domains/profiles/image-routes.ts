import { rm } from 'node:fs/promises';
import {
  mediaLimits,
  removeMyCoverPicture,
  removeMyProfilePicture,
  setMyCoverPicture,
  setMyProfilePicture,
} from '@civitas/contract';
import { AppError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { PROFILE_IMAGE_SIZES, type ProfileImageKind, profileImage } from '../../media/image/profile-images.js';
import { MediaRejected } from '../../media/media-rejected.js';
import { imageFolder, receivePicture, swapImage } from './my-images.js';
import { myProfileAnswer } from './my-profile.js';

/**
 * My new picture or cover, made at once (one small image: a fraction of a second even for a large photo) and
 * stored before my profile points to it; should that fail, the new files go again and the old image stays.
 */
const setMyImage = (endpoint: typeof setMyProfilePicture | typeof setMyCoverPicture, kind: ProfileImageKind) =>
  defineRoute(endpoint, async ({ caller, ctx, request }) => {
    const received = await receivePicture(ctx, request);
    let bytes: Buffer;
    try {
      bytes = await profileImage(received, kind, { maxPixels: mediaLimits.imageMaxPixels });
    } catch (error) {
      if (error instanceof MediaRejected) throw new AppError(error.statusCode, error.code, error.message);
      throw error;
    } finally {
      await rm(received, { force: true });
    }
    const folder = imageFolder(caller.citizenId, kind);
    const uri = await ctx.media.files.put(`${folder}/${kind}-${PROFILE_IMAGE_SIZES[kind].width}.webp`, bytes);
    try {
      return myProfileAnswer(ctx, await swapImage(ctx, caller.citizenId, kind, uri, request.log));
    } catch (error) {
      await ctx.media.files.removeFolder(folder).catch(() => undefined);
      throw error;
    }
  });

/** No picture or cover of mine: the placeholder shows, and the files of the one I had are deleted. */
const removeMyImage = (endpoint: typeof removeMyProfilePicture | typeof removeMyCoverPicture, kind: ProfileImageKind) =>
  defineRoute(endpoint, async ({ caller, ctx, request }) =>
    myProfileAnswer(ctx, await swapImage(ctx, caller.citizenId, kind, null, request.log)),
  );

export const setMyPicture = setMyImage(setMyProfilePicture, 'picture');
export const removeMyPicture = removeMyImage(removeMyProfilePicture, 'picture');
export const setMyCover = setMyImage(setMyCoverPicture, 'cover');
export const removeMyCover = removeMyImage(removeMyCoverPicture, 'cover');
