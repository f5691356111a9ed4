// An S3-compatible server for tests and the cluster script: s3rver (npm), in this process, on a
// free port, storing under a temporary folder. Its credentials are fixed ("S3RVER").
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../src/server/config';
import { freePort } from './server-process';

export const S3RVER_CREDENTIALS = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startS3Server(
  bucket = 'sahyog-test',
): Promise<{ settings: S3Settings; env: Record<string, string>; stop(): Promise<void> }> {
  const directory = mkdtempSync(join(tmpdir(), 's3rver-'));
  const port = await freePort();
  const server = new S3rver({ port, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, region: 'us-east-1', endpoint, forcePathStyle: true, prefix: '' },
    env: { STORAGE_DRIVER: 's3', S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_FORCE_PATH_STYLE: 'true', ...S3RVER_CREDENTIALS },
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
