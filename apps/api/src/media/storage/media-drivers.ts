import type { Config } from '../../config.js';
import { uploadPartsPath } from '../../domains/media/paths.js';
import { localUploadStorage } from './local-upload-storage.js';
import { localMediaStorage, type MediaStorage } from './media-storage.js';
import { openBucket } from './s3-bucket.js';
import { s3MediaStorage } from './s3-media-storage.js';
import { s3Settings } from './s3-settings.js';
import { s3UploadStorage } from './s3-upload-storage.js';
import type { UploadStorage } from './upload-storage.js';

/** The upload and media storage the configuration picks: the bucket when S3_* is set, else DATA_DIR. */
export function mediaDrivers(config: Config): { uploads: UploadStorage; files: MediaStorage } {
  const s3 = s3Settings(config);
  if (!s3) {
    return { uploads: localUploadStorage(config.DATA_DIR, uploadPartsPath), files: localMediaStorage(config.DATA_DIR) };
  }
  const bucket = openBucket(s3);
  return {
    uploads: s3UploadStorage(bucket, { dataDir: config.DATA_DIR, copiesExpireAfterMs: config.UPLOAD_EXPIRY_MS }),
    files: s3MediaStorage(bucket),
  };
}
