import { z } from 'zod';
import { Id, IsoDateTime } from '../common.js';
import { defineEndpoint } from '../endpoint.js';
import { mediaLimits } from '../media-limits.js';
import { userText } from '../text.js';
import { MediaType, PostStatus } from '../views.js';

/*
 * Multipart upload of a post's media (docs/product.md §7, ADR 009), in S3's multipart shape: initiate (the limits are
 * checked from the declared size and type), send the parts where initiate says, list the parts received to
 * resume, then complete (the bytes are checked and processing is queued) or abort.
 */

export const UploadKind = z
  .enum(['image-upload', 'video-cover-image-upload', 'video-upload'])
  .describe('image-upload for an image post; video-upload and optionally video-cover-image-upload for a video post');

const UploadParams = z.object({ id: Id, kind: UploadKind });
const UploadId = z.uuid({ error: 'uploadId must be the UUID initiate answered' }).toLowerCase();

// The name is only remembered for the author; it never names a stored file.
const FileName = userText({ field: 'fileName', min: 1, max: mediaLimits.fileNameMaxLength, trim: true });

export const InitiateUploadBody = z.object({
  fileName: FileName,
  fileSize: z
    .number({ error: 'fileSize must be the file’s size in bytes' })
    .int('fileSize must be a whole number of bytes')
    .min(1, 'the file is empty'),
  contentType: z
    .string()
    .max(100, 'contentType must be at most 100 characters')
    // A media type is printable ASCII (RFC 6838, RFC 9110 §8.3); a control character is never a file's type.
    .regex(/^[\x20-\x7e]*$/, 'contentType must be a media type such as image/jpeg, in printable ASCII')
    .optional()
    .describe('The type the browser reports (e.g. image/jpeg); the bytes decide in the end'),
  position: z
    .number({ error: 'position must be the item’s place in the album: 0 for the first' })
    .int('position must be a whole number')
    .min(0, 'position must be 0 or more')
    .max(mediaLimits.albumMaxItems - 1, `position must be below ${mediaLimits.albumMaxItems}`)
    .default(0)
    .describe('The album item this upload is for (ADR 086): 0, the default, for the first (or only) one'),
});

export const UploadPartTarget = z.object({
  partNumber: z.number().int().min(1),
  method: z.literal('PUT'),
  /** Origin-relative for our own parts endpoint; an absolute presigned URL for object storage. */
  url: z.string(),
  size: z.number().int().min(1),
});

export const InitiatedUpload = z
  .object({
    uploadId: Id,
    creatorsContentId: Id,
    kind: UploadKind,
    /** The album item it is for (0: the first). */
    position: z.number().int(),
    fileName: z.string(),
    fileSize: z.number().int(),
    partSize: z.number().int(),
    partsCount: z.number().int(),
    parts: z.array(UploadPartTarget),
    expiresAt: IsoDateTime,
  })
  .meta({ id: 'InitiatedUpload' });

export const initiateUpload = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/v1/creators-content/:id/:kind/initiate',
  access: 'citizen',
  versions: ['1.0'],
  summary: `Start uploading a post's image, video or video cover. Images and covers up to ${mediaLimits.imageMaxBytes / 1024 / 1024} MiB (JPEG, PNG, WebP, GIF, AVIF; HEIC is refused with a message saying how to export it as JPEG); videos up to ${mediaLimits.videoMaxBytes / 1024 / 1024} MiB and ${mediaLimits.videoMaxSeconds} s (MP4, MOV, WebM). 413 over the size, 415 for other types, 429 over the upload rate or the daily quota. Answers where each part goes.`,
  params: UploadParams,
  body: InitiateUploadBody,
  errors: [413, 415, 429, 503],
  success: { status: 201, body: InitiatedUpload },
});

const PartParams = z.object({
  id: Id,
  uploadId: UploadId,
  partNumber: z.coerce
    .number({ error: 'partNumber must be a whole number' })
    .int('partNumber must be a whole number')
    .min(1, 'partNumber starts at 1')
    .max(10_000, 'partNumber must be at most 10000'),
});

export const ReceivedPart = z
  .object({ partNumber: z.number().int(), size: z.number().int(), etag: z.string() })
  .meta({ id: 'ReceivedPart' });

export const uploadPart = defineEndpoint({
  service: 'users',
  method: 'PUT',
  path: '/v1/creators-content/:id/uploads/:uploadId/parts/:partNumber',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Send one part of an upload as raw bytes (application/octet-stream): every part is partSize bytes but the last. Sending a part again replaces it.',
  params: PartParams,
  rawBody: true,
  errors: [413],
  success: { status: 200, body: ReceivedPart },
});

export const UploadPartsView = z
  .object({
    uploadId: Id,
    status: z.enum(['initiated', 'completed', 'aborted', 'rejected', 'expired']),
    fileSize: z.number().int(),
    partSize: z.number().int(),
    partsCount: z.number().int(),
    parts: z.array(ReceivedPart),
  })
  .meta({ id: 'UploadParts' });

export const listUploadParts = defineEndpoint({
  service: 'users',
  method: 'GET',
  path: '/v1/creators-content/:id/uploads/:uploadId/parts',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'The parts of an upload received so far, to resume after a lost connection',
  params: PartParams.pick({ id: true, uploadId: true }),
  success: { status: 200, body: UploadPartsView },
});

const UploadIdBody = z.object({ uploadId: UploadId });

export const ProcessingStage = z.enum(['queued', 'image', 'probe', 'transcode', 'hls', 'cover', 'finishing']);

export const FailureCode = z.enum([
  'UNSUPPORTED_MEDIA',
  'FILE_TOO_LARGE',
  'TOO_MANY_PIXELS',
  'CORRUPT_MEDIA',
  'VIDEO_TOO_LONG',
  'VIDEO_TOO_LARGE',
  'FRAME_RATE_TOO_HIGH',
  'VIDEO_UNAVAILABLE',
  'PROCESSING_TIMEOUT',
  'PROCESSING_FAILED',
]);

/**
 * A post's way to the feeds: `awaiting_upload` (created; its media not complete), `processing` (with the stage
 * and a percentage), then `ready`, or `failed` with a code the app translates and a message the author can read.
 */
export const PostStatusView = z
  .object({
    id: Id,
    status: PostStatus,
    mediaType: MediaType,
    updatedAt: IsoDateTime,
    stage: ProcessingStage.nullable(),
    percent: z.number().int().min(0).max(100).nullable(),
    failureCode: FailureCode.nullable(),
    failureMessage: z.string().nullable(),
  })
  .meta({ id: 'PostStatus' });

export const completeUpload = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/v1/creators-content/:id/:kind/complete',
  access: 'citizen',
  versions: ['1.0'],
  summary:
    'Finish an upload: the parts must add up to the declared size; the bytes are checked (413, 415, 422) and processing is queued. Completing again answers the same.',
  params: UploadParams,
  body: UploadIdBody,
  errors: [413, 415, 422, 503],
  success: { status: 202, body: PostStatusView },
});

export const abortUpload = defineEndpoint({
  service: 'users',
  method: 'POST',
  path: '/v1/creators-content/:id/:kind/abort/',
  access: 'citizen',
  versions: ['1.0'],
  summary: 'Give up an upload and discard its parts (idempotent); 409 once it is completed',
  params: UploadParams,
  body: UploadIdBody,
  success: { status: 204, body: null },
});

export const uploadsEndpoints = [initiateUpload, uploadPart, listUploadParts, completeUpload, abortUpload] as const;

export type UploadKind = z.infer<typeof UploadKind>;
export type InitiatedUpload = z.infer<typeof InitiatedUpload>;
export type PostStatusView = z.infer<typeof PostStatusView>;
export type FailureCode = z.infer<typeof FailureCode>;
