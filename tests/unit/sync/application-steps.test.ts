// @vitest-environment node
// Node environment: Blobs round-trip through fake-indexeddb here (TOOLCHAIN trap 3).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fileReferences, mirrorServerApplication, submitRecord, submitStep } from '../../../src/app/db/application-steps.repository';
import { SahyogDb } from '../../../src/app/db/db';
import { loadDraft, saveDraft } from '../../../src/app/db/drafts.repository';
import { newLocalId } from '../../../src/app/db/ids';
import { createSyncEngine, memoryLock } from '../../../src/app/sync/engine';
import type { Transport, TransportResponse } from '../../../src/app/sync/transport';

let db: SahyogDb;
const SERVER_ID = 'a'.repeat(32);

beforeEach(async () => {
  db = new SahyogDb(`test-${newLocalId()}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

async function newApplication(): Promise<string> {
  const localId = newLocalId();
  await db.applications.add({
    localId,
    serverId: SERVER_ID,
    status: 'DRAFT',
    stage: ['BORROWER_INFO'],
    syncState: 'synced',
    createdAt: 1,
    updatedAt: 1,
  });
  return localId;
}

/** Answers every request with `answer(url, body)`, recording what it was sent. */
function recordingTransport(answer: (url: string, body: unknown) => TransportResponse) {
  const sent: { url: string; key: string; body: unknown }[] = [];
  const transport: Transport = async (request, key) => {
    const body = request.kind === 'json' ? request.body : undefined;
    sent.push({ url: request.url, key, body });
    return answer(request.url, body);
  };
  return { sent, transport };
}

describe('submitStep', () => {
  it('queues one entry, keeps the values on the application, marks the stage and clears the draft', async () => {
    const app = await newApplication();
    await saveDraft(db, 'kyc', { mother_name: 'SITA' }, app);
    await submitStep(db, {
      applicationLocalId: app,
      form: 'kyc',
      label: 'KYC details',
      method: 'PATCH',
      url: '/v1/app/mfi/{app}/basic-info',
      body: { mother_name: 'SITA' },
      values: { mother_name: 'SITA' },
      stage: 'BORROWER_BASIC_INFO',
    });

    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      label: 'KYC details',
      applicationLocalId: app,
      request: { method: 'PATCH', url: '/v1/app/mfi/{app}/basic-info' },
      effect: { type: 'application-answer' },
    });
    const local = await db.applications.get(app);
    expect(local?.steps?.kyc).toEqual({ mother_name: 'SITA' });
    expect(local?.stage).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO']);
    expect(local?.syncState).toBe('pending');
    expect(await loadDraft(db, 'kyc', app)).toBeUndefined();
  });

  it('refuses a step of an application this phone does not hold, writing nothing', async () => {
    await expect(
      submitStep(db, { applicationLocalId: 'missing', form: 'kyc', label: 'KYC', method: 'PATCH', url: '/x', body: {}, values: {} }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('a rejected answer lands on the application as its notice', async () => {
    const app = await newApplication();
    await submitStep(db, {
      applicationLocalId: app,
      form: 'kyc',
      label: 'KYC',
      method: 'PATCH',
      url: '/v1/app/mfi/{app}/basic-info',
      body: {},
      values: {},
    });
    const { transport, sent } = recordingTransport(() => ({
      status: 200,
      body: {
        success: true,
        data: {
          id: SERVER_ID,
          status: 'REJECTED',
          stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO'],
          approval_checks: {
            decision: 'REJECTED',
            rejected: true,
            reasons: ['OVERDUE_AMOUNT_PRESENT'],
            check_values: { overdue_amount: 18500 },
          },
        },
      },
    }));
    await createSyncEngine({ db, transport, lock: memoryLock() }).drain();
    expect(sent.map((s) => s.url)).toEqual([`/v1/app/mfi/${SERVER_ID}/basic-info`]);
    const local = await db.applications.get(app);
    expect(local?.status).toBe('REJECTED');
    expect(local?.notice).toMatchObject({ kind: 'rejected', message: 'OVERDUE AMOUNT PRESENT' });
    expect(local?.syncState).toBe('synced');
  });
});

describe('submitRecord', () => {
  it('stores the record, sends it once with its client id, and keeps the server answer on it', async () => {
    const app = await newApplication();
    const id = newLocalId();
    await submitRecord(db, {
      applicationLocalId: app,
      kind: 'co_applicant',
      localId: id,
      form: `co_applicant.${id}`,
      label: 'Co-borrower',
      method: 'POST',
      url: '/v1/app/mfi/{app}/co-applicant',
      body: { id, name: 'RAMESH YADAV' },
      values: { name: 'RAMESH YADAV' },
    });
    expect(await db.records.get(id)).toMatchObject({ syncState: 'pending', kind: 'co_applicant', values: { name: 'RAMESH YADAV' } });

    const { transport, sent } = recordingTransport(() => ({
      status: 200,
      body: { success: true, data: { id, name: 'RAMESH YADAV', status: 'ACTIVE', approval_checks: { decision: 'PASS', rejected: false } } },
    }));
    const engine = createSyncEngine({ db, transport, lock: memoryLock() });
    await engine.drain();
    await engine.drain();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ id, name: 'RAMESH YADAV' });
    expect(await db.records.get(id)).toMatchObject({ syncState: 'synced', server: { status: 'ACTIVE' } });
    expect((await db.applications.get(app))?.notice).toBeUndefined();
  });

  it('a co-applicant the bureau rejects becomes the application notice; a refusal parks the record', async () => {
    const app = await newApplication();
    const [rejected, refused] = [newLocalId(), newLocalId()];
    for (const id of [rejected, refused]) {
      await submitRecord(db, {
        applicationLocalId: app,
        kind: 'co_applicant',
        localId: id,
        form: `co_applicant.${id}`,
        label: 'Guarantor',
        method: 'POST',
        url: '/v1/app/mfi/{app}/co-applicant',
        body: { id },
        values: {},
      });
    }
    const { transport } = recordingTransport((_url, body) =>
      (body as { id: string }).id === rejected
        ? {
            status: 200,
            body: {
              success: true,
              data: {
                id: rejected,
                name: 'VIKRAM JOSHI',
                status: 'REJECTED',
                approval_checks: { decision: 'REJECTED', rejected: true, reasons: ['OVERDUE_AMOUNT_PRESENT'] },
              },
            },
          }
        : { status: 422, body: { success: false, message: 'PAN verification failed,INVALID PAN!', status_code: 422 } },
    );
    await createSyncEngine({ db, transport, lock: memoryLock() }).drain();
    expect((await db.records.get(rejected))?.syncState).toBe('synced');
    expect((await db.records.get(refused))?.syncState).toBe('needs_attention');
    expect(await db.outbox.count()).toBe(1);
    const local = await db.applications.get(app);
    expect(local?.syncState).toBe('needs_attention');
    expect(local?.notice?.message).toBe('PAN verification failed,INVALID PAN!');
  });
});

describe('fileReferences', () => {
  it('names the latest kept file of each field, and keeps a server id when the phone has none', async () => {
    const app = await newApplication();
    const add = async (field: string, capturedAt: number, uploadState: 'pending' | 'failed') => {
      const localId = newLocalId();
      await db.files.add({ localId, name: 'a.jpg', mime: 'image/jpeg', size: 1, capturedAt, applicationLocalId: app, field, uploadState });
      return localId;
    };
    await add('pan_file', 1, 'pending');
    const newer = await add('pan_file', 2, 'pending');
    await add('aadhaar_front_file', 3, 'failed');
    const refs = await fileReferences(
      db,
      app,
      { pan_file: 'pan_file', aadhaar_front_file: 'aadhaar_front_file', voter_id_file: 'voter_id_file' },
      { voter_id_file: 'f'.repeat(32) },
    );
    expect(refs).toEqual({ pan_file: { $file: newer }, aadhaar_front_file: null, voter_id_file: 'f'.repeat(32) });
  });
});

describe('mirrorServerApplication', () => {
  it('puts the server view on the application and its records, keeping a record still queued here', async () => {
    const app = await newApplication();
    const queued = newLocalId();
    await submitRecord(db, {
      applicationLocalId: app,
      kind: 'family_member',
      localId: queued,
      form: 'f',
      label: 'Family',
      method: 'POST',
      url: '/x',
      body: {},
      values: { name: 'LOCAL NAME' },
    });
    const other = 'b'.repeat(32);
    await mirrorServerApplication(db, app, {
      id: SERVER_ID,
      status: 'DRAFT',
      stage: ['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER'],
      co_applicants: [{ id: other, name: 'RAMESH YADAV', type: 'CO_BORROWER', status: 'ACTIVE' }],
      family_members: [{ id: queued, name: 'SERVER NAME' }],
    });
    const local = await db.applications.get(app);
    expect(local?.stage).toEqual(['BORROWER_INFO', 'BORROWER_BASIC_INFO', 'CO_BORROWER']);
    expect(local?.server).not.toHaveProperty('co_applicants');
    expect(await db.records.get(other)).toMatchObject({ kind: 'co_applicant', syncState: 'synced', values: { name: 'RAMESH YADAV' } });
    expect((await db.records.get(queued))?.values).toEqual({ name: 'LOCAL NAME' });
  });
});
