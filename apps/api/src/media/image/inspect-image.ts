import { open } from 'node:fs/promises';
import { IMAGE_HEAD_BYTES, type ImageFormat, sniffImage } from '@civitas/contract';
import type Sharp from 'sharp';
import { damagedPicture, heicNotSupported, notAPicture, tooManyPixels } from './image-refusals.js';
import { loadSharp } from './sharp-setup.js';

export interface InspectedImage {
  format: Exclude<ImageFormat, 'heif'>;
  /** Upright (after the orientation tag), first frame only. */
  width: number;
  height: number;
}

/** What sharp's metadata calls each format we take (AVIF is read by the HEIF loader). */
const sharpFormatOf: Record<InspectedImage['format'], string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  gif: 'gif',
  avif: 'heif',
};

async function readHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(IMAGE_HEAD_BYTES), 0, IMAGE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Everything that can be known without decoding pixels: a picture by its bytes, read by the loader its bytes
 * claim, and no more than `maxPixels`. The header is read with no pixel limit so an oversized picture gets
 * TOO_MANY_PIXELS with its size rather than a generic failure; nothing is decoded here.
 */
export async function readImageHeader(path: string, options: { maxPixels: number }): Promise<InspectedImage> {
  const sharp = await loadSharp();
  const format = sniffImage(await readHead(path));
  if (format === 'heif') throw heicNotSupported();
  if (!format) throw notAPicture();
  let metadata: Sharp.Metadata;
  try {
    metadata = await sharp(path, { limitInputPixels: false, failOn: 'error' }).metadata();
  } catch {
    throw damagedPicture();
  }
  // A signature that libvips reads as something else is a disguise, not a picture of ours.
  if (metadata.format !== sharpFormatOf[format]) throw notAPicture();
  // An AVIF-branded box holding HEVC is a HEIC photo under another name.
  if (format === 'avif' && metadata.compression !== 'av1') throw heicNotSupported();
  // `height` is the first frame's for GIF and WebP (sharp reads one page unless asked for more).
  const width = metadata.width;
  const height = metadata.pageHeight ?? metadata.height;
  if (!(width > 0 && height > 0)) throw damagedPicture();
  if (width * height > options.maxPixels) throw tooManyPixels(width, height, options.maxPixels);
  const sideways = (metadata.orientation ?? 1) >= 5;
  return { format, width: sideways ? height : width, height: sideways ? width : height };
}

/**
 * The check an upload passes when it completes, before a job is queued: the header (readImageHeader), then a
 * decode down to a thumbnail so a truncated or corrupt file is refused now rather than in the job. JPEG and
 * WebP decode at a fraction of their size for this, so it stays cheap.
 */
export async function inspectImage(path: string, options: { maxPixels: number }): Promise<InspectedImage> {
  const inspected = await readImageHeader(path, options);
  const sharp = await loadSharp();
  try {
    await sharp(path, { limitInputPixels: options.maxPixels, failOn: 'error', pages: 1 })
      .resize(64, 64, { fit: 'inside' })
      .raw()
      .toBuffer();
  } catch {
    throw damagedPicture();
  }
  return inspected;
}
