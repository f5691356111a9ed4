// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submitStep } from '../../../src/app/db/application-steps.repository';
import { SahyogDb } from '../../../src/app/db/db';
import { lock, setPin, unlock } from '../../../src/app/db/device-vault';
import { newLocalId } from '../../../src/app/db/ids';
import { KV_KEYS, writeKv } from '../../../src/app/db/kv.repository';
import { createSyncEngine, memoryLock } from '../../../src/app/sync/engine';
import type { ResolvedRequest, TransportResponse } from '../../../src/app/sync/transport';
import { openSealedJson } from '../../../src/server/http/sealed-requests';
import { newApplication, TEST_OUTBOX_KEY, TEST_OUTBOX_RING } from './outbox-fixtures';

// Issue 32 on the phone: a queued write of a versioned record carries the version the phone last
// read and the fields the person changed since it last sent the record; a conflict answer becomes
// a decision on the application, and the entry is done.
const OWNER = 'officer-1';
const BODY = { name: 'LAKSHMI DEVI', address: '14 Gandhi Nagar, Ward 3', years_of_residence: 5 };
const CONFLICT = {
  field: 'address',
  base: '14 Gandhi Nagar, Ward 3',
  theirs: '22 Shivaji Road, Ward 5',
  yours: '9 Station Road',
  changed_by: 'Ravi Kumar',
  changed_at: '2026-11-29T10:42:00.000Z',
};

let db: SahyogDb;
beforeEach(async () => {
  db = new SahyogDb(`versioned-${newLocalId()}`);
  await db.open();
  await writeKv(db, KV_KEYS.sessionOwner, OWNER);
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** An application the server holds, whose view (read by the phone) named the borrower step's version 3. */
async function readApplication(): Promise<string> {
  const app = await newApplication(db, 1000, 'srv-1');
  await db.applications.update(app, { server: { id: 'srv-1', versions: { borrower: 3 } } });
  return app;
}

const step = (app: string, body: Record<string, unknown>) =>
  submitStep(db, {
    applicationLocalId: app,
    form: 'borrower',
    label: 'Borrower details',
    method: 'PUT',
    url: '/v1/app/mfi/{app}',
    body,
    values: body,
  });

/** A transport that answers each request in turn from `answers`, keeping what it was sent. */
function scripted(answers: TransportResponse[]) {
  const sent: { request: ResolvedRequest; key: string }[] = [];
  const transport = async (request: ResolvedRequest, key: string) => {
    sent.push({ request, key });
    return answers.shift()!;
  };
  return { sent, engine: createSyncEngine({ db, transport, lock: memoryLock(), getOwner: () => OWNER }) };
}

describe('versioned writes on the phone', () => {
  it('a write carries the version last read and, after the first, only the fields the person changed', async () => {
    const app = await readApplication();
    await step(app, BODY);
    await step(app, { ...BODY, address: '9 Station Road' });
    const [first, second] = await db.outbox.orderBy('seq').toArray();
    expect(first!.request).toMatchObject({ condition: { record: 'borrower', ifMatch: 3 } });
    expect(first!.request.kind === 'json' && first!.request.condition?.changed).toBeUndefined();
    expect(second!.request).toMatchObject({ condition: { record: 'borrower', ifMatch: 3, changed: ['address'] } });

    const { sent, engine } = scripted([
      { status: 200, body: { success: true, data: { id: 'srv-1', version: 4, merged_fields: [] } } },
      {
        status: 409,
        body: { success: false, message: 'Saved, except address', data: { version: 6, merged_fields: [], conflicts: [CONFLICT] } },
      },
    ]);
    expect(await engine.drain()).toMatchObject({ sent: 2, parked: 0 });
    expect(sent.map((s) => s.request.kind === 'json' && s.request.condition?.changed)).toEqual([undefined, ['address']]);
    // The conflict is the person's decision now, on the application; nothing is left to send.
    expect(await db.outbox.count()).toBe(0);
    const stored = await db.applications.get(app);
    expect(stored?.decisions).toEqual([
      {
        record: 'borrower',
        version: 6,
        fields: [CONFLICT],
        label: 'Borrower details',
        write: { method: 'PUT', url: '/v1/app/mfi/{app}', effect: { type: 'application-answer', applicationLocalId: app } },
        at: expect.any(Number),
      },
    ]);
    expect(stored?.syncState).toBe('synced');
  });

  it('an application the server has never seen bases its first write on nothing; one read before versions, on none', async () => {
    const local = await newApplication(db, 1000);
    await step(local, BODY);
    const legacy = await newApplication(db, 1000, 'srv-2');
    await step(legacy, BODY);
    const [a, b] = await db.outbox.orderBy('seq').toArray();
    expect(a!.request).toMatchObject({ condition: { record: 'borrower', ifMatch: 0 } });
    expect(b!.request).toMatchObject({ condition: { record: 'borrower' } });
    expect(b!.request.kind === 'json' && 'ifMatch' in b!.request.condition!).toBe(false);
  });

  it('sealed for the server, the condition travels inside the seal; a locked drain keeps the decision’s fields for the unlock', async () => {
    await writeKv(db, KV_KEYS.outboxKey, TEST_OUTBOX_KEY);
    await setPin(db, '482913', 1_000);
    const app = await readApplication();
    // A locked drain resolves `{app}` from the clear id map.
    await db.serverIds.put({ key: `$app:${app}`, id: 'srv-1' });
    await step(app, BODY);
    const { sent, engine } = scripted([
      {
        status: 409,
        body: { success: false, message: 'Saved, except address', data: { version: 4, merged_fields: [], conflicts: [CONFLICT] } },
      },
    ]);
    lock(db);
    await engine.drain();
    const request = sent[0]!.request;
    expect(request.kind === 'json' && request.condition).toBeFalsy();
    const opened = openSealedJson(TEST_OUTBOX_RING, request.kind === 'json' ? request.sealed : undefined, {
      method: 'PUT',
      path: '/v1/app/mfi/srv-1',
      idempotencyKey: sent[0]!.key,
    });
    expect(opened.headers).toEqual({ 'if-match': '"3"' });
    // Locked, only ids and field names were kept (a receipt); unlocked, they become the decision.
    expect(await db.receipts.count()).toBe(1);
    expect(await unlock(db, '482913')).toEqual({ ok: true });
    await engine.drain();
    const decision = (await db.applications.get(app))?.decisions?.[0];
    expect(decision).toMatchObject({ record: 'borrower', version: 4 });
    expect(decision?.fields).toEqual([{ field: 'address', changed_by: 'Ravi Kumar', changed_at: CONFLICT.changed_at }]);
  });
});
