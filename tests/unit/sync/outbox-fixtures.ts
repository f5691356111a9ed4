import type { SahyogDb } from '../../../src/app/db/db';
import { setPin } from '../../../src/app/db/device-vault';
import { KV_KEYS, writeKv } from '../../../src/app/db/kv.repository';
import { outboxPublicKey } from '../../../src/server/keys/outbox-key';
import type { KeyRing } from '../../../src/server/providers/kms/kms-provider';
import { newLocalId } from '../../../src/app/db/ids';
import type { QueueItem } from '../../../src/app/db/outbox.repository';

/** An application on the phone; with `serverId` it is already on the server. */
export async function newApplication(db: SahyogDb, at: number, serverId?: string): Promise<string> {
  const localId = newLocalId();
  await db.applications.add({
    localId,
    serverId,
    status: 'DRAFT',
    stage: [],
    syncState: serverId ? 'synced' : 'local',
    createdAt: at,
    updatedAt: at,
  });
  return localId;
}

/** A captured photo of the application: its record and its bytes. */
export async function newFile(db: SahyogDb, applicationLocalId: string, at: number, bytes = 1000): Promise<string> {
  const localId = newLocalId();
  await db.fileBlobs.add({ localId, blob: new Blob([new Uint8Array(bytes).fill(7)], { type: 'image/jpeg' }) });
  await db.files.add({
    localId,
    name: `${localId}.jpg`,
    mime: 'image/jpeg',
    size: bytes,
    capturedAt: at,
    applicationLocalId,
    field: 'photo_file',
    uploadState: 'pending',
  });
  return localId;
}

export const createItem = (app: string): QueueItem => ({
  label: 'Create application',
  applicationLocalId: app,
  request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi', body: { name: 'LAKSHMI DEVI' } },
  effect: { type: 'application-created', applicationLocalId: app, idPath: 'data.application_id' },
});

export const uploadItem = (app: string, file: string): QueueItem => ({
  label: 'Photo',
  applicationLocalId: app,
  request: {
    kind: 'upload',
    base: 'main',
    url: '/v1/apply-loan/upload-file',
    fileLocalIds: [file],
    fields: { application_id: { $app: app }, file_type: 'SHOP_PHOTO' },
  },
  effect: { type: 'files-uploaded', fileLocalIds: [file] },
});

/** A step of the application (PATCH basic-info, POST co-applicant...) naming files by `{"$file"}`. */
export const stepItem = (app: string, url: string, body: Record<string, unknown> = {}): QueueItem => ({
  label: url,
  applicationLocalId: app,
  request: { kind: 'json', base: 'main', method: 'PATCH', url, body },
  effect: { type: 'application-answer', applicationLocalId: app },
});

/**
 * Seals the test database under a PIN when the suite runs "sealed" (engine-sealed.test.ts runs
 * the engine suites again that way): the exactly-once guarantees hold with encryption on.
 */
export async function sealWhenAsked(db: SahyogDb): Promise<void> {
  if (process.env.SAHYOG_TEST_SEALED === '1') await setPin(db, '482913', 1_000);
  if (process.env.SAHYOG_TEST_OUTBOX_SEALED === '1') await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
}

/** The server's outbox key ring of the tests (a P-256 scalar, as in a key file), and the public key the app gets. */
export const TEST_OUTBOX_RING: KeyRing = {
  current: 'test-outbox-1',
  keys: new Map([['test-outbox-1', Buffer.from('c9afa9d845ba75166b5c215767b1d6934e50c3db36e89b127b8a622b120f6721', 'hex')]]),
};
export const TEST_OUTBOX_KEY = outboxPublicKey(TEST_OUTBOX_RING);
