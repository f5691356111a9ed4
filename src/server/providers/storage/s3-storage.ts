import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { S3Settings } from '../../config';
import type { FileStorage } from './file-storage';
import { checkedKey } from './file-storage';

/**
 * Files in an S3-compatible bucket under `<prefix><tenant>/<name>`: AWS S3, MinIO or any store
 * speaking the S3 API (an endpoint and path-style addressing for the ones that are not AWS).
 * Credentials come from the AWS SDK's usual chain (AWS_ACCESS_KEY_ID, a role, a profile).
 */
export function createS3Storage(settings: S3Settings): FileStorage {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
  });
  const Bucket = settings.bucket;
  const keyOf = (tenant: string, name: string) => `${settings.prefix}${checkedKey(tenant, name)}`;
  return {
    async put(tenant, name, bytes) {
      await client.send(new PutObjectCommand({ Bucket, Key: keyOf(tenant, name), Body: bytes, ContentLength: bytes.length }));
    },
    async get(tenant, name) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(tenant, name) }));
        return answer.Body ? Buffer.from(await answer.Body.transformToByteArray()) : undefined;
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return undefined;
        throw error;
      }
    },
    async remove(tenant, name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(tenant, name) }));
    },
    presignedUrl: (tenant, name, { seconds, mime, disposition }) =>
      getSignedUrl(
        client,
        new GetObjectCommand({ Bucket, Key: keyOf(tenant, name), ResponseContentType: mime, ResponseContentDisposition: disposition }),
        { expiresIn: seconds },
      ),
    close: async () => client.destroy(),
  };
}
