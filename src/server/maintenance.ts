import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { purgeAuthRecords } from './modules/auth/auth-purge.service';
import { purgeUnclaimedPublicFiles } from './modules/files/files.service';
import { purgeExpiredKeys } from './modules/idempotency/idempotency.service';
import { settlePendingPayouts } from './modules/disbursement/payout-settlement';
import { purgeOldHits } from './modules/rate-limit/rate-limit.service';
import type { FileStorage } from './providers/storage/file-storage';
import { claimJobSlot } from './kernels/jobs';

const HOUR_MS = 3_600_000;

/**
 * Hourly clean-up: idempotency keys past 30 days, public uploads unclaimed after 24 hours,
 * rate-limit hits past their hour, and old login records (auth-purge.service.ts); then, on the
 * embedded database, a vacuum.
 */
export async function runMaintenance(
  app: FastifyInstance,
  storage: FileStorage,
): Promise<{ keys: number; files: number; hits: number; auth: number; vacuumed: boolean }> {
  const now = app.clock.now();
  const removed = {
    keys: await purgeExpiredKeys(app.db, now),
    files: await purgeUnclaimedPublicFiles(app.db, storage, now),
    hits: await purgeOldHits(app.db, now),
    auth: await purgeAuthRecords(app.db, now, app.config.tokenIdleHours * HOUR_MS),
  };
  return { ...removed, vacuumed: await vacuumEmbedded(app) };
}

/**
 * PGlite runs no autovacuum: without this its updated rows' dead versions would pile up and its
 * planner would keep the statistics of the day the tables were empty. PostgreSQL's autovacuum
 * does both there.
 */
async function vacuumEmbedded(app: FastifyInstance): Promise<boolean> {
  if (app.config.databaseUrl) return false;
  await app.db.execute(sql`VACUUM (ANALYZE)`);
  return true;
}

/** The hourly clean-up, run by whichever API node claims the hour first (each purge is idempotent anyway). */
export async function runMaintenanceOnce(app: FastifyInstance, storage: FileStorage) {
  return (await claimJobSlot(app.db, 'maintenance', app.clock.now())) ? runMaintenance(app, storage) : undefined;
}

export function scheduleMaintenance(app: FastifyInstance, storage: FileStorage): void {
  const run = () =>
    runMaintenanceOnce(app, storage).then(
      (removed) =>
        removed &&
        (removed.keys || removed.files || removed.hits || removed.auth) &&
        app.log.info(removed, 'maintenance removed expired rows'),
      (err: unknown) => app.log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'maintenance failed'),
    );
  void run(); // at start too: the first node up claims this hour
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}

const PAYOUT_SLOT_MS = 60_000;

/** The payout settlement of this minute (payout-settlement.ts), run by the one node that claims the minute first. */
export async function settlePayoutsOnce(app: FastifyInstance) {
  if (!(await claimJobSlot(app.db, 'settle-payouts', app.clock.now(), PAYOUT_SLOT_MS))) return undefined;
  return settlePendingPayouts({ db: app.db, payouts: app.payouts, sms: app.sms, clock: app.clock, config: app.config });
}

/** Every minute, pending payouts are asked about by reference (never sent again) until the bank answers. */
export function schedulePayoutSettlement(app: FastifyInstance): void {
  const run = () =>
    settlePayoutsOnce(app).then(
      (done) => {
        if (!done || done.checked === 0) return;
        app.log.info(done, 'pending payouts checked');
        void app.webhooks.deliverSoon(); // a payout settled here wrote its loan.disbursed outside any request
      },
      (err: unknown) => app.log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'payout settlement failed'),
    );
  const timer = setInterval(run, PAYOUT_SLOT_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
