// @vitest-environment node
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SahyogDb } from '../../../src/app/db/db';
import { createDraftSaver, deleteDraft, loadDraft, saveDraft } from '../../../src/app/db/drafts.repository';
import { newLocalId } from '../../../src/app/db/ids';

let db: SahyogDb;
beforeEach(async () => {
  db = new SahyogDb(`drafts-${newLocalId()}`);
  await db.open();
});
afterEach(async () => {
  vi.useRealTimers();
  db.close();
  await db.delete();
});

describe('drafts', () => {
  it('round-trips per form and application, and survives reopening the database', async () => {
    await saveDraft(db, 'kyc', { mother_name: 'SITA' }, 'app1');
    await saveDraft(db, 'kyc', { mother_name: 'GITA' }, 'app2');
    db.close();
    const reopened = new SahyogDb(db.name);
    expect(await loadDraft(reopened, 'kyc', 'app1')).toEqual({ mother_name: 'SITA' });
    expect(await loadDraft(reopened, 'kyc', 'app2')).toEqual({ mother_name: 'GITA' });
    await deleteDraft(reopened, 'kyc', 'app1');
    expect(await loadDraft(reopened, 'kyc', 'app1')).toBeUndefined();
    reopened.close();
    await db.open();
  });

  it('the saver debounces to the latest values and flushes on demand', async () => {
    vi.useFakeTimers();
    const saved: Record<string, unknown>[] = [];
    const saver = createDraftSaver(async (v) => void saved.push(v), 300);
    saver.schedule({ name: 'L' });
    saver.schedule({ name: 'LA' });
    await vi.advanceTimersByTimeAsync(299);
    expect(saved).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([{ name: 'LA' }]);
    saver.schedule({ name: 'LAK' });
    await saver.flush();
    expect(saved).toEqual([{ name: 'LA' }, { name: 'LAK' }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toHaveLength(2);
  });

  it('a failed write is reported and does not stop the next ones', async () => {
    vi.useFakeTimers();
    const saved: Record<string, unknown>[] = [];
    const results: unknown[] = [];
    let fail = true;
    const saver = createDraftSaver(
      async (v) => {
        if (fail) throw new Error('disk');
        saved.push(v);
      },
      300,
      (error) => results.push(error),
    );
    saver.schedule({ name: 'L' });
    await vi.advanceTimersByTimeAsync(300);
    expect(results).toEqual([new Error('disk')]);
    fail = false;
    saver.schedule({ name: 'LA' });
    await saver.flush();
    expect(saved).toEqual([{ name: 'LA' }]);
    expect(results).toEqual([new Error('disk'), null]);
  });

  it('a flush with nothing in flight starts the write at once (a screen opened next reads it)', () => {
    const saved: Record<string, unknown>[] = [];
    const saver = createDraftSaver(async (v) => void saved.push(v), 300);
    saver.schedule({ name: 'L' });
    void saver.flush();
    expect(saved).toEqual([{ name: 'L' }]);
  });

  it('a form opened again at once reads the last values, even when they wait behind a write in flight', async () => {
    const { createFormDraftSaver, loadFormDraft } = await import('../../../src/app/db/drafts.actions');
    const form = `race-${newLocalId()}`;
    const saver = createFormDraftSaver(form, undefined, () => {}, 300);
    saver.schedule({ step: 1 });
    void saver.flush(); // a debounced save under way
    saver.schedule({ step: 2 });
    void saver.flush(); // the screen is left: its last values wait behind that write
    expect(await loadFormDraft(form)).toEqual({ step: 2 });
  });
});
