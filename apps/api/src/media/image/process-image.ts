import type Sharp from 'sharp';
import { damagedPicture } from './image-refusals.js';
import { readImageHeader } from './inspect-image.js';
import { makePlaceholder } from './placeholder.js';
import { JPEG_FALLBACK_WIDTH, RENDITION_WIDTHS, renditionWidths } from './rendition-widths.js';
import { loadSharp } from './sharp-setup.js';

export { RENDITION_WIDTHS, renditionWidths } from './rendition-widths.js';

export interface ImageRendition {
  width: number;
  height: number;
  format: 'webp' | 'jpeg';
  bytes: Buffer;
}

export interface ProcessedImage {
  /** Intrinsic size, upright (after the orientation tag). */
  width: number;
  height: number;
  /** A tiny blurred WebP as a data URI, painted while the picture loads. */
  placeholder: string;
  /** WebP at each width, narrowest first, then the one JPEG. */
  renditions: ImageRendition[];
}

interface Size {
  width: number;
  height: number;
}

/**
 * Every size is worked out from the source's proportions; letting each size follow from the next larger one
 * would let rounding drift (a 3000x2000 picture at 320 wide would come out 214 high instead of 213).
 */
const sizeAt = (source: Size, width: number): Size => ({
  width,
  height: Math.max(1, Math.round((source.height * width) / source.width)),
});

interface Decoded {
  data: Buffer;
  info: Sharp.Raw;
}

const WEBP = { quality: 78, effort: 4 } as const;
const JPEG = { quality: 80, mozjpeg: true } as const;

/**
 * Decodes the upload once, at the widest size wanted (JPEG and WebP shrink while decoding, so a 50 MP photo
 * never sits in memory whole): orientation applied first, first frame only (animation is not kept), flattened
 * on white so WebP and JPEG look alike and nothing shows through, sRGB (an embedded ICC profile is applied,
 * then dropped). The result is raw pixels, so no metadata (EXIF, GPS, XMP, IPTC, ICC) can follow the picture
 * into a rendition.
 */
async function decodeUpright(path: string, size: Size, maxPixels: number): Promise<Decoded> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(path, { limitInputPixels: maxPixels, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ ...size, fit: 'fill' })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    return { data, info: { width: info.width, height: info.height, channels: info.channels } };
  } catch {
    // The header was read already, so the pixels themselves are bad; the same bytes would fail the same way.
    throw damagedPicture();
  }
}

async function shrink(source: Decoded, size: Size): Promise<Decoded> {
  if (size.width === source.info.width) return source;
  const sharp = await loadSharp();
  const { data, info } = await sharp(source.data, { raw: source.info })
    .resize({ ...size, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, info: { width: info.width, height: info.height, channels: info.channels } };
}

async function encode(image: Decoded, format: 'webp' | 'jpeg'): Promise<ImageRendition> {
  const pipeline = (await loadSharp())(image.data, { raw: image.info });
  const bytes = await (format === 'webp' ? pipeline.webp(WEBP).toBuffer() : pipeline.jpeg(JPEG).toBuffer());
  return { width: image.info.width, height: image.info.height, format, bytes };
}

/**
 * Turns a completed upload into what is served: WebP at each of `widths` (never upscaled, see
 * renditionWidths), one JPEG at 1080 or the source width, and a placeholder. The header is checked again
 * before anything is decoded (readImageHeader), so this is safe to call on any file.
 *
 * Each size is made from the next larger one rather than from the source, so the picture is decoded once.
 * libwebp encodes on one thread, so each size's encodes run while the next size is being made.
 */
export async function processImage(
  path: string,
  options: { maxPixels: number; widths?: readonly number[]; signal?: AbortSignal },
): Promise<ProcessedImage> {
  const { signal, maxPixels } = options;
  const upright = await readImageHeader(path, { maxPixels });
  signal?.throwIfAborted();
  const webpWidths = renditionWidths(upright.width, options.widths ?? RENDITION_WIDTHS);
  const jpegWidth = Math.min(JPEG_FALLBACK_WIDTH, upright.width);
  const widths = [...new Set([...webpWidths, jpegWidth])].sort((a, b) => b - a);

  let current = await decodeUpright(path, sizeAt(upright, widths[0] ?? upright.width), maxPixels);
  const encodes: Promise<ImageRendition>[] = [];
  try {
    for (const width of widths) {
      signal?.throwIfAborted();
      current = await shrink(current, sizeAt(upright, width));
      if (webpWidths.includes(width)) encodes.push(encode(current, 'webp'));
      if (width === jpegWidth) encodes.push(encode(current, 'jpeg'));
    }
    const placeholder = await makePlaceholder(current.data, current.info);
    const renditions = await Promise.all(encodes);
    signal?.throwIfAborted();
    return {
      width: upright.width,
      height: upright.height,
      placeholder,
      renditions: renditions.sort((a, b) => (a.format === b.format ? a.width - b.width : a.format === 'webp' ? -1 : 1)),
    };
  } finally {
    // An abort leaves encodes running; wait for them so no work outlives the call and none rejects unobserved.
    await Promise.allSettled(encodes);
  }
}
