import { damagedPicture } from './image-refusals.js';
import { readImageHeader } from './inspect-image.js';
import { loadSharp } from './sharp-setup.js';

/** A profile picture's side: three times the largest it is drawn (96 px on a profile), for dense screens. */
export const PROFILE_PICTURE_SIZE = 288;

/**
 * A profile picture from any picture we take: the header checked first (readImageHeader: by its bytes, within
 * `maxPixels`), then decoded upright, first frame only, cropped to a square from its centre, flattened on white
 * and encoded as WebP. Nothing of the source's metadata (EXIF, GPS, ICC) is written: sharp keeps none unless
 * asked to.
 */
export async function squarePicture(path: string, options: { maxPixels: number }): Promise<Buffer> {
  await readImageHeader(path, options);
  const sharp = await loadSharp();
  try {
    return await sharp(path, { limitInputPixels: options.maxPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .webp({ quality: 80, effort: 4 })
      .toBuffer();
  } catch {
    throw damagedPicture();
  }
}
