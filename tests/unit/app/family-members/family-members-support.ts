import { ensureLocalApplication } from '../../../../src/app/db/applications.repository';
import { getDb } from '../../../../src/app/db/db';
import { forgetCachedPincodeDirectory } from '../../../../src/app/db/pincodes.repository';
import type { LocalFile, LocalRecord, OutboxEntry } from '../../../../src/app/db/records';

export const APP_ID = '0123456789abcdef0123456789abcdef';
export const db = getDb();

/** A clean device with the application mirrored on it; answers its local id. */
export async function freshApplication(): Promise<string> {
  await Promise.all(db.tables.map((t) => t.clear()));
  forgetCachedPincodeDirectory();
  // The device directory (kept after sign-in): 302001 is Jaipur, Rajasthan.
  await db.lookups.put({
    key: 'pincode-directory',
    value: { count: 1, states: ['Rajasthan'], districts: ['Jaipur'], pins: { '302001': [0, 0] } },
    updatedAt: 0,
  });
  return ensureLocalApplication(db, APP_ID);
}

export function member(applicationLocalId: string, n: number, overrides: Partial<LocalRecord> = {}): LocalRecord {
  const localId = `${String(n).padStart(2, '0')}${'a'.repeat(30)}`;
  return {
    localId,
    applicationLocalId,
    kind: 'family_member',
    values: { id: localId, name: `Member ${n}`, dob: '1990-05-12', gender: 'FEMALE' },
    syncState: 'synced',
    createdAt: n,
    updatedAt: n,
    ...overrides,
  };
}

export async function putMembers(applicationLocalId: string, count: number): Promise<void> {
  await db.records.bulkPut(Array.from({ length: count }, (_, i) => member(applicationLocalId, i + 1)));
}

/** A document chosen on the phone for a member's field (metadata is what the submit reads). */
export async function putFile(applicationLocalId: string, field: string, localId: string, extra: Partial<LocalFile> = {}): Promise<void> {
  await db.files.put({
    localId,
    name: `${localId}.jpg`,
    mime: 'image/jpeg',
    size: 10,
    capturedAt: 1,
    applicationLocalId,
    field,
    uploadState: 'pending',
    ...extra,
  });
}

export async function parkedEntry(applicationLocalId: string, recordLocalId: string, message: string): Promise<void> {
  const entry: OutboxEntry = {
    idempotencyKey: `key-${recordLocalId}`,
    label: 'Family member',
    applicationLocalId,
    request: { kind: 'json', base: 'main', method: 'POST', url: '/v1/app/mfi/{app}/family-member', body: {} },
    effect: { type: 'record-answer', recordLocalId },
    state: 'needs_attention',
    attempts: 1,
    nextAttemptAt: 0,
    lastError: message,
    lastStatus: 409,
    createdAt: 0,
  };
  await db.outbox.add(entry);
}
