import { lt } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobRuns } from '../../db/schema';

const HOUR_MS = 3_600_000;

/**
 * Claims `job`'s slot (the hour `now` falls in) for this node: true for the one node that gets it
 * first, false for every other. Claims older than a week are dropped on the way.
 */
export async function claimJobSlot(db: Db, job: string, now: number, slotMs = HOUR_MS): Promise<boolean> {
  const slot = new Date(Math.floor(now / slotMs) * slotMs);
  await db.delete(jobRuns).where(lt(jobRuns.slot, new Date(now - 7 * 24 * HOUR_MS)));
  const claimed = await db
    .insert(jobRuns)
    .values({ job, slot, claimed_at: new Date(now) })
    .onConflictDoNothing()
    .returning({ job: jobRuns.job });
  return claimed.length === 1;
}
