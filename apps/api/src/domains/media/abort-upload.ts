import { abortUpload } from '@civitas/contract';
import { conflict } from '../../http/errors.js';
import { defineRoute } from '../../http/route.js';
import { loadOwnUpload, moveUpload } from './upload-store.js';

/** Discards an upload's parts. Idempotent; a completed upload belongs to its post and cannot be aborted. */
export default defineRoute(abortUpload, async ({ params, body, caller, ctx }) => {
  const upload = await loadOwnUpload(ctx, params.id, body.uploadId, caller.citizenId);
  if (upload.kind !== params.kind) throw conflict('WRONG_UPLOAD_KIND', `This upload is a ${upload.kind}`);
  if (upload.status === 'completed') {
    throw conflict('UPLOAD_COMPLETED', 'This upload is complete; delete the post to remove it');
  }
  if (upload.status === 'initiated' && !(await moveUpload(ctx, upload.id, 'initiated', 'aborted'))) {
    const now = await loadOwnUpload(ctx, params.id, body.uploadId, caller.citizenId);
    if (now.status === 'completed') throw conflict('UPLOAD_COMPLETED', 'This upload completed meanwhile');
  }
  await ctx.media.uploads.discard(upload.id);
  return undefined;
});
