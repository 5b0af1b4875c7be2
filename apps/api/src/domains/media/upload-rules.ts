import { imageContentTypes, mediaLimits, type UploadKind, videoContentTypes } from '@civitas/contract';
import { AppError, badRequest } from '../../http/errors.js';

const MiB = 1024 * 1024;

export const isVideoKind = (kind: UploadKind): boolean => kind === 'video-upload';

/** An image post takes an image; a video post a video and optionally a cover picture. */
export function assertKindFits(mediaType: 'image' | 'video', kind: UploadKind): void {
  const fits = mediaType === 'image' ? kind === 'image-upload' : kind !== 'image-upload';
  if (!fits) {
    throw badRequest(
      'WRONG_UPLOAD_KIND',
      mediaType === 'image'
        ? 'An image post takes an image-upload'
        : 'A video post takes a video-upload and optionally a video-cover-image-upload',
    );
  }
}

/** The size and declared type, checked before a byte is sent (the bytes are checked again at complete). */
export function assertDeclaredFileFits(kind: UploadKind, fileSize: number, contentType: string | undefined): void {
  const video = isVideoKind(kind);
  const maxBytes = video ? mediaLimits.videoMaxBytes : mediaLimits.imageMaxBytes;
  if (fileSize > maxBytes) {
    throw new AppError(
      413,
      'FILE_TOO_LARGE',
      `This ${video ? 'video' : 'picture'} is ${(fileSize / MiB).toFixed(1)} MiB; the limit is ${maxBytes / MiB} MiB`,
    );
  }
  const declared = contentType?.split(';')[0]?.trim().toLowerCase();
  const allowed: readonly string[] = video ? videoContentTypes : imageContentTypes;
  // An empty type is what browsers report for files they do not know (often HEIC): the bytes decide.
  if (declared && !allowed.includes(declared)) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA',
      video
        ? `${declared} is not a video we can use: send MP4, MOV or WebM`
        : `${declared} is not a picture we can use: send JPEG, PNG, WebP, GIF or AVIF`,
    );
  }
}

export interface PartLayout {
  partSize: number;
  partsCount: number;
}

export const partLayout = (fileSize: number): PartLayout => ({
  partSize: mediaLimits.partSize,
  partsCount: Math.ceil(fileSize / mediaLimits.partSize),
});

/** The exact size of part n: every part is partSize bytes but the last, which holds the rest. */
export const partSizeOf = (fileSize: number, layout: PartLayout, partNumber: number): number =>
  partNumber < layout.partsCount ? layout.partSize : fileSize - layout.partSize * (layout.partsCount - 1);
