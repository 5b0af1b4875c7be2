import type { Config } from '../../config.js';
import { uploadPartsPath } from '../paths.js';
import { localUploadStorage } from './local-upload-storage.js';
import { localMediaStorage, type MediaStorage } from './media-storage.js';
import { s3Settings } from './s3-settings.js';
import type { UploadStorage } from './upload-storage.js';

/**
 * The upload and media storage the configuration picks: the bucket when S3_* is set, else DATA_DIR. The S3
 * client is loaded only then: it costs every embedded server about 30 MB of memory otherwise.
 */
export async function mediaDrivers(config: Config): Promise<{ uploads: UploadStorage; files: MediaStorage }> {
  const s3 = s3Settings(config);
  if (!s3) {
    return { uploads: localUploadStorage(config.DATA_DIR, uploadPartsPath), files: localMediaStorage(config.DATA_DIR) };
  }
  const [{ openBucket }, { s3UploadStorage }, { s3MediaStorage }] = await Promise.all([
    import('./s3-bucket.js'),
    import('./s3-upload-storage.js'),
    import('./s3-media-storage.js'),
  ]);
  const bucket = openBucket(s3);
  return {
    uploads: s3UploadStorage(bucket, { dataDir: config.DATA_DIR, copiesExpireAfterMs: config.UPLOAD_EXPIRY_MS }),
    files: s3MediaStorage(bucket),
  };
}
