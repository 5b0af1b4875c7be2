/**
 * What a citizen may upload (ADR 009). Zod-free, so the browser's composer checks the same numbers before a
 * byte is sent; the server checks them again at initiate (declared size and type) and on the bytes.
 */
export const mediaLimits = {
  /** Images and video covers, in bytes. */
  imageMaxBytes: 20 * 1024 * 1024,
  /** Decoded pixels of an image (a decompression bomb is refused before it is decoded whole). */
  imageMaxPixels: 50_000_000,
  videoMaxBytes: 512 * 1024 * 1024,
  videoMaxSeconds: 180,
  /** The longer side of a video, in pixels (4K UHD is 3840). */
  videoMaxDimension: 3840,
  videoMaxFrameRate: 60,
  altTextMaxLength: 1500,
  /** The most media items one post (an album) holds, pictures and videos mixed (ADR 086). */
  albumMaxItems: 10,
  fileNameMaxLength: 255,
  /** Parts are this size except the last (the S3 multipart minimum is 5 MiB). */
  partSize: 8 * 1024 * 1024,
} as const;

/** Declared types the composer offers; the bytes decide in the end, never the name or the declared type. */
export const imageContentTypes = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'image/heic',
  'image/heif',
  'image/avif',
] as const;
export const videoContentTypes = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska'] as const;
