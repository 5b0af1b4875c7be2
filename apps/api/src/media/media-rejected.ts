/** Why an uploaded file was refused or its processing failed; the web app translates these codes. */
export type MediaFailureCode =
  | 'UNSUPPORTED_MEDIA'
  | 'FILE_TOO_LARGE'
  | 'TOO_MANY_PIXELS'
  | 'CORRUPT_MEDIA'
  | 'VIDEO_TOO_LONG'
  | 'VIDEO_TOO_LARGE'
  | 'FRAME_RATE_TOO_HIGH'
  | 'VIDEO_UNAVAILABLE'
  | 'PROCESSING_TIMEOUT'
  | 'PROCESSING_FAILED';

const statusOf: Record<MediaFailureCode, 413 | 415 | 422 | 503> = {
  UNSUPPORTED_MEDIA: 415,
  FILE_TOO_LARGE: 413,
  TOO_MANY_PIXELS: 413,
  CORRUPT_MEDIA: 422,
  VIDEO_TOO_LONG: 422,
  VIDEO_TOO_LARGE: 422,
  FRAME_RATE_TOO_HIGH: 422,
  VIDEO_UNAVAILABLE: 503,
  PROCESSING_TIMEOUT: 422,
  PROCESSING_FAILED: 422,
};

/**
 * A file that will never become a post as sent: refusing it again would give the same answer, so a job
 * that meets one fails the post at once instead of retrying. `message` is for the author to read.
 */
export class MediaRejected extends Error {
  readonly statusCode: 413 | 415 | 422 | 503;
  constructor(
    readonly code: MediaFailureCode,
    message: string,
  ) {
    super(message);
    this.statusCode = statusOf[code];
  }
}
