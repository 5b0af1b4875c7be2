import type { ProcessedImage } from '../../media/image/process-image.js';
import type { MediaReach, MediaStorage } from '../../media/storage/media-storage.js';
import type { ImageRendition } from '../posts/renditions.js';

export interface StoredPicture {
  /** The JPEG fallback, for `src` and share previews. */
  jpegUri: string | null;
  /** WebP at every width, narrowest first, for `srcset`. */
  renditions: ImageRendition[];
}

/** Stores a processed picture's renditions under `folder` as `<name>-<width>.<format>`, for whom `reach` says. */
export async function storePicture(
  files: MediaStorage,
  folder: string,
  name: string,
  picture: ProcessedImage,
  reach: MediaReach,
): Promise<StoredPicture> {
  const renditions: ImageRendition[] = [];
  let jpegUri: string | null = null;
  for (const rendition of picture.renditions) {
    const uri = await files.put(`${folder}/${name}-${rendition.width}.${rendition.format}`, rendition.bytes, reach);
    if (rendition.format === 'jpeg') jpegUri = uri;
    else renditions.push({ width: rendition.width, height: rendition.height, uri });
  }
  return { jpegUri, renditions: renditions.sort((a, b) => a.width - b.width) };
}
