import type { SahyogDb } from '../../src/app/db/db';
import { saveDraft } from '../../src/app/db/drafts.repository';

/** The 60-field draft autosave of bench/draft-autosave.ts: `saves` saves of one changing field, each timed (ms). */
export async function timeDraftSaves(db: SahyogDb, saves: number): Promise<number[]> {
  const values: Record<string, unknown> = {};
  for (let i = 0; i < 60; i++) values[`field_${i}`] = i % 3 === 0 ? 'LAKSHMI DEVI, 12 MG Road, Bengaluru' : i % 3 === 1 ? 125000 + i : true;
  const times: number[] = [];
  for (let i = 0; i < saves; i++) {
    values.field_0 = `edit ${i}`;
    const t0 = performance.now();
    await saveDraft(db, 'kyc', { ...values }, 'bench-app');
    times.push(performance.now() - t0);
  }
  return times;
}
