import type { Readable } from 'node:stream';
import { uploadPart } from '@civitas/contract';
import { AppError, badRequest, conflict } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { PartSizeMismatch } from '../../media/storage/upload-storage.js';
import { partSizeOf } from './upload-rules.js';
import { loadOwnUpload } from './upload-store.js';

const notOpen = () =>
  conflict('UPLOAD_NOT_OPEN', 'This upload is no longer open: it was completed, aborted or expired');

/** Receives one part, streamed to the upload storage; a part sent again replaces the earlier one. */
export default defineRoute(uploadPart, async ({ params, caller, ctx, request }) => {
  const upload = await loadOwnUpload(ctx, params.id, params.uploadId, caller.citizenId);
  if (upload.status !== 'initiated') throw notOpen();
  if (params.partNumber > upload.parts_count) {
    throw badRequest(
      'NO_SUCH_PART',
      `This upload has ${upload.parts_count} parts; part ${params.partNumber} is not one`,
    );
  }
  const expected = partSizeOf(
    upload.file_size,
    { partSize: upload.part_size, partsCount: upload.parts_count },
    params.partNumber,
  );
  const tooLarge = () =>
    new AppError(413, 'PART_TOO_LARGE', `Part ${params.partNumber} must be ${expected} bytes; more were sent`);
  const declared = request.headers['content-length'];
  if (declared !== undefined && Number(declared) > expected) throw tooLarge();
  if (!request.body || typeof (request.body as Readable).pipe !== 'function') {
    throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the part’s bytes as application/octet-stream');
  }
  try {
    return await ctx.media.uploads.writePart(upload.id, params.partNumber, request.body as Readable, expected);
  } catch (error) {
    if (error instanceof PartSizeMismatch) {
      if (error.received > error.expected) throw tooLarge();
      throw badRequest(
        'PART_INCOMPLETE',
        `Part ${params.partNumber} must be ${expected} bytes; ${error.received} arrived. Send it again.`,
      );
    }
    const now = await loadOwnUpload(ctx, params.id, params.uploadId, caller.citizenId);
    if (now.status !== 'initiated') throw notOpen(); // aborted while the part was arriving
    if ((error as NodeJS.ErrnoException).code === 'ERR_STREAM_PREMATURE_CLOSE') {
      throw badRequest('PART_INCOMPLETE', `Part ${params.partNumber} was cut off; send it again`);
    }
    throw error;
  }
});
