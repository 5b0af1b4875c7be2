/**
 * The only files the media route serves, by extension, with the content type each is sent as. Anything else
 * under the media folder (temporary files, partial uploads, stray files) is a 404.
 */
export const mediaContentTypes: Readonly<Record<string, string>> = {
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.m4s': 'video/iso.segment',
};

/** The content type for a media path, or null when the media route does not serve such files. */
export function mediaContentType(path: string): string | null {
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return null;
  return mediaContentTypes[path.slice(dot).toLowerCase()] ?? null;
}
