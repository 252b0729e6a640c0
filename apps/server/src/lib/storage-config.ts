import path from 'node:path';
import type { Config } from '../config.ts';
import type { Storage } from './storage.ts';
import { createDiskStorage } from './storage-disk.ts';

/** The storage the configuration names: S3 when S3_BUCKET is set, otherwise DATA_DIR/uploads. */
export async function createStorage(
  config: Pick<
    Config,
    | 'DATA_DIR'
    | 'S3_BUCKET'
    | 'S3_ENDPOINT'
    | 'S3_REGION'
    | 'S3_ACCESS_KEY_ID'
    | 'S3_SECRET_ACCESS_KEY'
    | 'S3_FORCE_PATH_STYLE'
  >,
): Promise<Storage> {
  if (config.S3_BUCKET) {
    // The AWS SDK is loaded only where it is used: a disk install never pays for it.
    const { createS3Storage } = await import('./storage-s3.ts');
    return createS3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  }
  return createDiskStorage({ root: path.join(config.DATA_DIR, 'uploads') });
}
