import { join } from 'node:path';
import type { Config } from '../../config';
import { createDiskStorage } from './disk-storage';
import type { FileStorage } from './file-storage';
import { createS3Storage } from './s3-storage';

/** The configured store: the local disk under the data directory, or the shared bucket. */
export const openStorage = (config: Pick<Config, 'storage' | 'dataDir'>): FileStorage =>
  config.storage.driver === 's3' ? createS3Storage(config.storage.s3) : createDiskStorage(join(config.dataDir, 'uploads'));
