import path from 'node:path';
import type { TConfig } from '../../config.ts';
import { createLocalUploadsStore } from './local.ts';
import { createS3UploadsStore } from './s3.ts';
import type { UploadsStore } from './store.ts';

export type { StoredUpload, UploadsStore } from './store.ts';
export { contentTypeOf, isUploadKey } from './store.ts';

/** The store the settings select: UPLOADS_STORE=s3 with the S3_* settings (checked together in config.ts), else DATA_DIR/uploads. */
export function createUploadsStore(config: Pick<TConfig, 'DATA_DIR' | 'UPLOADS_STORE' | 'S3_ENDPOINT' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): UploadsStore {
  if (config.UPLOADS_STORE === 's3') {
    return createS3UploadsStore({
      endpoint: config.S3_ENDPOINT!,
      bucket: config.S3_BUCKET!,
      region: config.S3_REGION!,
      accessKeyId: config.S3_ACCESS_KEY_ID!,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return createLocalUploadsStore(path.join(config.DATA_DIR, 'uploads'));
}
