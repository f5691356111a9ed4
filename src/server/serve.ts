import { join } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { moveSecretsOutOfDatabase } from './keys/move-secrets-out';
import { createKmsProvider, loadServerKeys } from './keys/server-keys';
import { KeyConfigurationError } from './providers/kms/kms-provider';
import { seedDatabase } from './db/seed';
import { stopGracefully } from './lifecycle';
import { scheduleMaintenance, schedulePayoutSettlement } from './maintenance';
import { startPhases } from './start-phases';
import { scheduleWebhookDelivery } from './modules/webhooks/webhooks.job';

// Runs on import: main.ts imports this file (after starting tracing, when configured).
const phases = startPhases();
const config = loadConfig();
// Keys come from configuration (a key file or KEYS_JSON), never from the database: those it
// still holds are moved out before the migrations drop them, and production without a key stops here.
const kms = createKmsProvider(config);

/** A key missing or wrong is told in one line, not a stack trace. */
function stopOnKeyError(err: unknown): never {
  if (!(err instanceof KeyConfigurationError)) throw err;
  console.error(`Sahyog cannot start: ${err.message}`);
  process.exit(1);
}

// The HTTP modules load while the database starts (start-up time of an installed server).
const [database, { buildApp }] = await Promise.all([
  openDatabase(config, { beforeMigrate: (db) => moveSecretsOutOfDatabase(db, kms), phases }).catch(stopOnKeyError),
  phases.time('HTTP modules', () => import('./app')),
]);
const app = await phases
  .time('key file', () => loadServerKeys(database.db, kms))
  .then((secrets) => phases.time('app', () => buildApp({ db: database.db, config, secrets })))
  .catch(async (err: unknown) => {
    await database.close();
    stopOnKeyError(err);
  });

let closing = false;
/**
 * SIGTERM (a deploy, the cluster's rolling restart): readiness goes false, the load balancer stops
 * sending, requests in flight finish, then the process exits; within SHUTDOWN_GRACE_MS in all.
 * Ctrl-C (SIGINT) skips the wait for a load balancer.
 */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  // However a close hangs, the process is gone by the bound (and a little for the database).
  setTimeout(() => process.exit(1), config.shutdownGraceMs + 2000).unref();
  try {
    const drainMs = signal === 'SIGTERM' ? config.shutdownDrainMs : 0;
    const stopped = await stopGracefully(app, { drainMs, graceMs: config.shutdownGraceMs });
    if (stopped === 'timed-out') app.log.warn(`requests still running after ${config.shutdownGraceMs} ms: exiting anyway`);
  } finally {
    // PGlite must be closed cleanly, or its next open has to run crash recovery.
    await database.close();
    process.exit(0);
  }
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

try {
  await phases.time('seed', () => seedDatabase(database.db));
  scheduleMaintenance(app, app.storage);
  scheduleWebhookDelivery(app);
  schedulePayoutSettlement(app);
  await phases.time('listen', () => app.listen({ port: config.port, host: '0.0.0.0' }));
} catch (err) {
  app.log.error(err, 'start-up failed');
  await app.close().catch(() => undefined);
  await database.close();
  process.exit(1);
}

const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${join(config.dataDir, 'pglite')}`;
console.log(`Sahyog listening on http://localhost:${config.port} (${where}); ${phases.summary()}`);
