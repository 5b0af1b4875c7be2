import type { Route } from '../../http/route.js';
import abortUpload from './abort-upload.js';
import completeUpload from './complete-upload.js';
import initiateUpload from './initiate-upload.js';
import listUploadParts from './list-upload-parts.js';
import uploadPart from './upload-part.js';

export const mediaRoutes = [initiateUpload, uploadPart, listUploadParts, completeUpload, abortUpload] as Route[];
