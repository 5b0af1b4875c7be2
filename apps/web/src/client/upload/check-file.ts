import {
  IMAGE_HEAD_BYTES,
  mediaLimits,
  sniffImage,
  sniffVideo,
  VIDEO_HEAD_BYTES,
} from '@civitas/contract/routes-table';

const MiB = 1024 * 1024;

/** The size limits as people read them, in MiB (the messages' `{max}`): the contract's, never a copy. */
export const limitsInMiB = { image: mediaLimits.imageMaxBytes / MiB, video: mediaLimits.videoMaxBytes / MiB };

/** What a chosen file may be: a picture (profile, cover, a video's cover), or a picture or a video (a post). */
export type Accepts = 'picture' | 'pictureOrVideo';

/** Why a chosen file cannot be sent: one message each (Compose.problems and Profile.editor name them). */
export type FileRefusal = 'notMedia' | 'heic' | 'imageTooLarge' | 'videoTooLarge';

export type FileCheck = { ok: true; mediaType: 'image' | 'video' } | { ok: false; refusal: FileRefusal };

/**
 * A chosen file, judged by its first bytes, never its name or declared type (a text file renamed `.jpg` is no
 * picture): the signatures the server checks (the contract's sniff-image.ts and sniff-video.ts) and its size
 * limits, before anything is sent (ADR 064). The server checks every byte again; this only spares the person an
 * upload bound to be refused.
 */
export async function checkChosenFile(file: Blob, accepts: Accepts): Promise<FileCheck> {
  const head = new Uint8Array(await file.slice(0, Math.max(IMAGE_HEAD_BYTES, VIDEO_HEAD_BYTES)).arrayBuffer());
  const picture = sniffImage(head);
  if (picture === 'heif') return { ok: false, refusal: 'heic' };
  if (picture) {
    return file.size > mediaLimits.imageMaxBytes
      ? { ok: false, refusal: 'imageTooLarge' }
      : { ok: true, mediaType: 'image' };
  }
  if (accepts === 'pictureOrVideo' && sniffVideo(head)) {
    return file.size > mediaLimits.videoMaxBytes
      ? { ok: false, refusal: 'videoTooLarge' }
      : { ok: true, mediaType: 'video' };
  }
  return { ok: false, refusal: 'notMedia' };
}
