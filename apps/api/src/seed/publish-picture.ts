import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { mediaLimits } from '@civitas/contract';
import type { AppContext } from '../context.js';
import { storePicture } from '../domains/media/store-picture.js';
import type { ImageRendition } from '../domains/posts/renditions.js';
import { processImage } from '../media/image/process-image.js';
import type { MediaReach } from '../media/storage/media-storage.js';

export interface PublishedPicture {
  jpegUri: string | null;
  renditions: ImageRendition[];
  placeholder: string;
  width: number;
  height: number;
}

/** A seeded picture made the way an uploaded one is: renditions, placeholder and intrinsic size. */
export async function publishPicture(
  ctx: AppContext,
  folder: string,
  bytes: Uint8Array,
  reach: MediaReach = 'everyone',
  /** The files' name in the folder: an album's later items each have their own (ADR 086). */
  name = 'image',
): Promise<PublishedPicture> {
  const work = resolve(ctx.config.DATA_DIR, 'work');
  await mkdir(work, { recursive: true });
  const source = join(work, `seed-${randomBytes(6).toString('hex')}.jpg`);
  await writeFile(source, bytes);
  try {
    const picture = await processImage(source, { maxPixels: mediaLimits.imageMaxPixels });
    const stored = await storePicture(ctx.media.files, folder, name, picture, reach);
    return { ...stored, placeholder: picture.placeholder, width: picture.width, height: picture.height };
  } finally {
    await rm(source, { force: true });
  }
}
