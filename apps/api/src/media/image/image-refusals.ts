import { MediaRejected } from '../media-rejected.js';

/** The refusals an author may read, in one place so the wording stays consistent. */

export const notAPicture = () =>
  new MediaRejected(
    'UNSUPPORTED_MEDIA',
    'This file is not a picture we can use. Send a JPEG, PNG, WebP, GIF or AVIF image.',
  );

/** HEIC is recognised rather than called "not a picture": the author has a photo and needs to know what to do. */
export const heicNotSupported = () =>
  new MediaRejected(
    'UNSUPPORTED_MEDIA',
    'HEIC photos cannot be used yet. Export the photo as JPEG (on an iPhone: Settings › Camera › Formats › Most Compatible) and try again.',
  );

export const damagedPicture = () =>
  new MediaRejected('CORRUPT_MEDIA', 'This picture is damaged or incomplete. Export it again and send the new file.');

export const tooManyPixels = (width: number, height: number, maxPixels: number) =>
  new MediaRejected(
    'TOO_MANY_PIXELS',
    `This picture is ${width}×${height} pixels; the limit is ${Math.floor(maxPixels / 1_000_000)} megapixels. Send a smaller version.`,
  );
