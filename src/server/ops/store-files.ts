import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { openStorage } from '../providers/storage/open-storage';
import type { S3Settings } from '../config';
import type { FileStorage } from '../providers/storage/file-storage';

/** A file of the store: `<tenant>/<name>`, the names the server gives (file-storage.ts's checkedKey). */
export type StoreFile = { tenant: string; name: string };

const TENANT = /^[a-z]+$/;
const NAME = /^[a-z0-9]{32}$/;

/** What the store holds: the server's files, and anything else found there (named, not copied). */
export type StoreListing = { files: StoreFile[]; others: string[] };

/** The configured store (the disk store's directory or the bucket), with the listing a backup needs. */
export type BackupStore = Pick<FileStorage, 'get' | 'put'> & {
  /** `/data/uploads` or `s3://bucket/prefix`. */
  readonly where: string;
  list(): Promise<StoreListing>;
  close(): Promise<void>;
};

function sorted(listing: StoreListing): StoreListing {
  listing.files.sort((a, b) => a.tenant.localeCompare(b.tenant) || a.name.localeCompare(b.name));
  return listing;
}

function listDisk(root: string): StoreListing {
  const listing: StoreListing = { files: [], others: [] };
  if (!existsSync(root)) return listing;
  for (const tenant of readdirSync(root, { withFileTypes: true })) {
    if (!tenant.isDirectory() || !TENANT.test(tenant.name)) {
      listing.others.push(tenant.name);
      continue;
    }
    for (const file of readdirSync(join(root, tenant.name), { withFileTypes: true })) {
      if (file.isFile() && NAME.test(file.name)) listing.files.push({ tenant: tenant.name, name: file.name });
      else listing.others.push(`${tenant.name}/${file.name}`);
    }
  }
  return sorted(listing);
}

async function listBucket(settings: S3Settings): Promise<StoreListing> {
  const { ListObjectsV2Command, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({ region: settings.region, endpoint: settings.endpoint, forcePathStyle: settings.forcePathStyle });
  const listing: StoreListing = { files: [], others: [] };
  try {
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({ Bucket: settings.bucket, Prefix: settings.prefix || undefined, ContinuationToken: token }),
      );
      for (const { Key } of page.Contents ?? []) {
        if (!Key) continue;
        const [tenant = '', name = '', ...rest] = Key.slice(settings.prefix.length).split('/');
        if (TENANT.test(tenant) && NAME.test(name) && rest.length === 0) listing.files.push({ tenant, name });
        else listing.others.push(Key);
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  } finally {
    client.destroy();
  }
  return sorted(listing);
}

export function openBackupStore(config: Pick<Config, 'storage' | 'dataDir'>): BackupStore {
  const storage = openStorage(config);
  const root = join(config.dataDir, 'uploads');
  const { storage: store } = config;
  return {
    where: store.driver === 's3' ? `s3://${store.s3.bucket}/${store.s3.prefix}` : root,
    list: () => (store.driver === 's3' ? listBucket(store.s3) : Promise.resolve(listDisk(root))),
    get: (tenant, name) => storage.get(tenant, name),
    put: (tenant, name, bytes) => storage.put(tenant, name, bytes),
    close: async () => storage.close?.(),
  };
}
