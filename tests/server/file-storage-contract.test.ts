// The storage contract every driver keeps: the local disk and an S3-compatible bucket (s3rver).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../src/server/providers/storage/disk-storage';
import type { FileStorage } from '../../src/server/providers/storage/file-storage';
import { createS3Storage } from '../../src/server/providers/storage/s3-storage';
import { S3RVER_CREDENTIALS, startS3Server } from '../support/s3-server';

const NAME = 'a'.repeat(32);
const OTHER = 'b'.repeat(32);

const drivers: { label: string; open(): Promise<{ storage: FileStorage; close(): Promise<void> }> }[] = [
  {
    label: 'disk',
    open: async () => {
      const root = mkdtempSync(join(tmpdir(), 'storage-'));
      return { storage: createDiskStorage(root), close: async () => rmSync(root, { recursive: true, force: true }) };
    },
  },
  {
    label: 's3',
    open: async () => {
      Object.assign(process.env, S3RVER_CREDENTIALS);
      const server = await startS3Server();
      const storage = createS3Storage(server.settings);
      return {
        storage,
        close: async () => {
          await storage.close?.();
          await server.stop();
        },
      };
    },
  },
];

describe.each(drivers)('file storage contract: $label', ({ open }) => {
  let opened: Awaited<ReturnType<(typeof drivers)[number]['open']>>;
  beforeAll(async () => {
    opened = await open();
  });
  afterAll(async () => opened.close());

  it('gives back exactly the bytes it was given, per tenant', async () => {
    const bytes = Buffer.from(Array.from({ length: 150_000 }, (_, i) => i % 251));
    await opened.storage.put('sahyog', NAME, bytes);
    expect((await opened.storage.get('sahyog', NAME))?.equals(bytes)).toBe(true);
    expect(await opened.storage.get('acfl', NAME)).toBeUndefined();
  });

  it('answers undefined for a file it does not hold, and removes idempotently', async () => {
    expect(await opened.storage.get('sahyog', OTHER)).toBeUndefined();
    await opened.storage.put('sahyog', OTHER, Buffer.from('x'));
    await opened.storage.remove('sahyog', OTHER);
    await opened.storage.remove('sahyog', OTHER);
    expect(await opened.storage.get('sahyog', OTHER)).toBeUndefined();
  });

  it('refuses a name or tenant that could leave its folder', async () => {
    await expect(opened.storage.put('sahyog', '../../etc/passwd', Buffer.from('x'))).rejects.toThrow('unsafe storage name');
    await expect(opened.storage.get('../sahyog', NAME)).rejects.toThrow('unsafe storage name');
  });
});

describe('pre-signed links of the bucket', () => {
  it('open the stored bytes with the type and disposition asked, for 60 seconds', async () => {
    Object.assign(process.env, S3RVER_CREDENTIALS);
    const server = await startS3Server();
    const storage = createS3Storage(server.settings);
    try {
      await storage.put('sahyog', NAME, Buffer.from('jpeg bytes'));
      const url = await storage.presignedUrl!('sahyog', NAME, {
        seconds: 60,
        mime: 'image/jpeg',
        disposition: 'inline; filename="x.jpeg"',
      });
      const answer = await fetch(url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      expect(await answer.text()).toBe('jpeg bytes');
      // The store checks the signature and expiry (s3rver, the test store, does not check them).
      expect(new URL(url).searchParams.get('X-Amz-Expires')).toBe('60');
    } finally {
      await storage.close?.();
      await server.stop();
    }
  });
});
