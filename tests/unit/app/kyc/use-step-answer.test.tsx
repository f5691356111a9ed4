// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { submitStep } from '../../../../src/app/db/application-steps.repository';
import { getDb } from '../../../../src/app/db/db';
import { useStepAnswer } from '../../../../src/app/features/kyc-documents/use-step-answer';
import { resetDevice, setOnline } from '../test-utils';

const db = getDb();
const LOCAL = 'l'.repeat(32);

async function queueKyc(): Promise<number> {
  await db.applications.put({
    localId: LOCAL,
    serverId: 'a'.repeat(32),
    status: 'DRAFT',
    stage: [],
    syncState: 'synced',
    createdAt: 1,
    updatedAt: 1,
  });
  return submitStep(db, {
    applicationLocalId: LOCAL,
    form: 'kyc',
    label: 'KYC details',
    method: 'PATCH',
    url: '/v1/app/mfi/{app}/basic-info',
    body: {},
    values: {},
  });
}

describe('useStepAnswer', () => {
  beforeEach(async () => {
    resetDevice();
    await Promise.all(db.tables.map((t) => t.clear()));
  });
  afterEach(() => setOnline(true));

  it('waits while the entry is queued, and knows the answer even when it came before the screen looked', async () => {
    const seq = await queueKyc();
    const { result, rerender } = renderHook(({ s }) => useStepAnswer(s), { initialProps: { s: null as number | null } });
    expect(result.current.kind).toBe('idle');
    rerender({ s: seq });
    await waitFor(() => expect(result.current.kind).toBe('waiting'));

    const answeredFast = await queueKyc();
    await db.outbox.delete(answeredFast); // the engine answered before the screen ever saw the entry
    rerender({ s: answeredFast });
    await waitFor(() => expect(result.current.kind).toBe('answered'));
  });

  it('a parked entry is refused with its message; offline it is queued', async () => {
    const seq = await queueKyc();
    await db.outbox.update(seq, { state: 'needs_attention', lastError: 'Invalid file' });
    const { result } = renderHook(() => useStepAnswer(seq));
    await waitFor(() => expect(result.current).toEqual({ kind: 'refused', message: 'Invalid file' }));
    await db.outbox.update(seq, { state: 'pending' });
    setOnline(false);
    const offline = renderHook(() => useStepAnswer(seq));
    await waitFor(() => expect(offline.result.current.kind).toBe('queued'));
  });
});
