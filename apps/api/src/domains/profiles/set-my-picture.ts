import { rm } from 'node:fs/promises';
import { mediaLimits, setMyProfilePicture } from '@civitas/contract';
import { AppError } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { PROFILE_PICTURE_SIZE, squarePicture } from '../../media/image/square-picture.js';
import { MediaRejected } from '../../media/media-rejected.js';
import { pictureFolder, receivePicture, swapPicture } from './my-picture.js';
import { myProfileView } from './present.js';

/**
 * My new profile picture, made at once (one small square: a second or less even for a large photo) and
 * stored before my profile points to it; should that fail, the new files go again and the old picture stays.
 */
export default defineRoute(setMyProfilePicture, async ({ caller, ctx, request }) => {
  const received = await receivePicture(ctx, request);
  let bytes: Buffer;
  try {
    bytes = await squarePicture(received, { maxPixels: mediaLimits.imageMaxPixels });
  } catch (error) {
    if (error instanceof MediaRejected) throw new AppError(error.statusCode, error.code, error.message);
    throw error;
  } finally {
    await rm(received, { force: true });
  }
  const folder = pictureFolder(caller.citizenId);
  const uri = await ctx.media.files.put(`${folder}/picture-${PROFILE_PICTURE_SIZE}.webp`, bytes);
  try {
    return myProfileView(await swapPicture(ctx, caller.citizenId, uri, request.log));
  } catch (error) {
    await ctx.media.files.removeFolder(folder).catch(() => undefined);
    throw error;
  }
});
