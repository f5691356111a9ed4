// `npm run storage:copy-to-bucket`: copies the files of the local disk store (<DATA_DIR>/uploads)
// into the bucket configured by STORAGE_DRIVER=s3 and S3_*, before the API nodes switch to it.
// Idempotent: a file already in the bucket with the same bytes is skipped, so it can be re-run.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../src/server/config';
import { createS3Storage } from '../src/server/providers/storage/s3-storage';

const config = loadConfig();
if (config.storage.driver !== 's3') throw new Error('Set STORAGE_DRIVER=s3 and S3_BUCKET (S3_ENDPOINT, S3_FORCE_PATH_STYLE for MinIO)');
const bucket = createS3Storage(config.storage.s3);
const root = join(config.dataDir, 'uploads');
let copied = 0;
let skipped = 0;
for (const tenant of readdirSync(root)) {
  for (const name of readdirSync(join(root, tenant))) {
    const bytes = readFileSync(join(root, tenant, name));
    if ((await bucket.get(tenant, name))?.equals(bytes)) skipped += 1;
    else {
      await bucket.put(tenant, name, bytes);
      copied += 1;
    }
  }
}
await bucket.close?.();
console.log(`copied ${copied} files into ${config.storage.s3.bucket}; ${skipped} were already there`);
