import { join } from 'node:path';
import type { Config, S3Settings } from '../../config';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';

/**
 * The bucket's store with the AWS SDK loaded on its first call: about 30 MB that a server on the
 * local disk (the default) never loads.
 */
function lazyS3Storage(settings: S3Settings): FileStorage {
  let opened: Promise<FileStorage> | undefined;
  const s3 = () => (opened ??= import('./s3-storage').then(({ createS3Storage }) => createS3Storage(settings)));
  return {
    put: async (tenant, name, bytes) => (await s3()).put(tenant, name, bytes),
    get: async (tenant, name) => (await s3()).get(tenant, name),
    remove: async (tenant, name) => (await s3()).remove(tenant, name),
    presignedUrl: async (tenant, name, options) => (await s3()).presignedUrl!(tenant, name, options),
    close: async () => {
      if (opened) await (await opened).close?.();
    },
  };
}

/** The configured store: the local disk under the data directory, or the shared bucket. */
export const openStorage = (config: Pick<Config, 'storage' | 'dataDir'>): FileStorage =>
  config.storage.driver === 's3' ? lazyS3Storage(config.storage.s3) : createDiskStorage(join(config.dataDir, 'uploads'));
