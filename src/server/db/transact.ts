import type { Outcome } from '../outcome';
import type { Db, Tx } from './client';

type Refusal = Extract<Outcome<never>, { ok: false }>;

class RolledBack extends Error {
  constructor(readonly refusal: Refusal) {
    super('rolled back');
  }
}

/** Runs `work` in a transaction that commits when it accepts and rolls back when it refuses. */
export async function transact<T>(db: Db, work: (tx: Tx) => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await db.transaction(async (tx) => {
      const outcome = await work(tx);
      if (!outcome.ok) throw new RolledBack(outcome);
      return outcome;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.refusal;
    throw error;
  }
}
