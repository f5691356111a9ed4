import type { FastifyInstance } from 'fastify';
import { purgeAuthRecords } from './modules/auth/auth-purge.service';
import { purgeUnclaimedPublicFiles } from './modules/files/files.service';
import { purgeExpiredKeys } from './modules/idempotency/idempotency.service';
import { purgeOldHits } from './modules/rate-limit/rate-limit.service';
import type { FileStorage } from './providers/storage/file-storage';

const HOUR_MS = 3_600_000;

/**
 * Hourly clean-up: idempotency keys past 30 days, public uploads unclaimed after 24 hours,
 * rate-limit hits past their hour, and old login records (auth-purge.service.ts).
 */
export async function runMaintenance(
  app: FastifyInstance,
  storage: FileStorage,
): Promise<{ keys: number; files: number; hits: number; auth: number }> {
  const now = app.clock.now();
  return {
    keys: await purgeExpiredKeys(app.db, now),
    files: await purgeUnclaimedPublicFiles(app.db, storage, now),
    hits: await purgeOldHits(app.db, now),
    auth: await purgeAuthRecords(app.db, now, app.config.tokenIdleHours * HOUR_MS),
  };
}

export function scheduleMaintenance(app: FastifyInstance, storage: FileStorage): void {
  const run = () =>
    runMaintenance(app, storage).then(
      (removed) =>
        (removed.keys || removed.files || removed.hits || removed.auth) && app.log.info(removed, 'maintenance removed expired rows'),
      (err: unknown) => app.log.error({ err: err instanceof Error ? err.message : 'unknown' }, 'maintenance failed'),
    );
  const timer = setInterval(run, HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
