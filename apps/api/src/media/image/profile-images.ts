import { damagedPicture } from './image-refusals.js';
import { readImageHeader } from './inspect-image.js';
import { loadSharp } from './sharp-setup.js';

export type ProfileImageKind = 'picture' | 'cover';

/**
 * Each kind's one size: the picture three times the largest it is drawn (88 px on a profile), for dense screens;
 * the cover 3:1 at the width the profile header reserves for it.
 */
export const PROFILE_IMAGE_SIZES: Readonly<Record<ProfileImageKind, { width: number; height: number }>> = {
  picture: { width: 288, height: 288 },
  cover: { width: 1500, height: 500 },
};

/**
 * A profile picture or cover from any picture we take: the header checked first (readImageHeader: by its bytes,
 * within `maxPixels`), then decoded upright, first frame only, cropped to the kind's shape from its centre,
 * flattened on white and encoded as WebP. Nothing of the source's metadata (EXIF, GPS, ICC) is written: sharp
 * keeps none unless asked to.
 */
export async function profileImage(
  path: string,
  kind: ProfileImageKind,
  options: { maxPixels: number },
): Promise<Buffer> {
  await readImageHeader(path, options);
  const sharp = await loadSharp();
  const { width, height } = PROFILE_IMAGE_SIZES[kind];
  try {
    return await sharp(path, { limitInputPixels: options.maxPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(width, height, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    throw damagedPicture();
  }
}
