import { listUploadParts } from '@civitas/contract';
import { defineRoute } from '../../http/route.js';
import { loadOwnUpload } from './upload-store.js';

/** The parts received so far: a client that lost its connection sends only the rest. */
export default defineRoute(listUploadParts, async ({ params, caller, ctx }) => {
  const upload = await loadOwnUpload(ctx, params.id, params.uploadId, caller.citizenId);
  return {
    uploadId: upload.id,
    status: upload.status,
    fileSize: upload.file_size,
    partSize: upload.part_size,
    partsCount: upload.parts_count,
    parts: upload.status === 'initiated' ? await ctx.media.uploads.listParts(upload.id) : [],
  };
});
