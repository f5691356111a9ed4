import { join } from 'node:path';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { moveSecretsOutOfDatabase } from './keys/move-secrets-out';
import { createKmsProvider, loadServerKeys } from './keys/server-keys';
import { KeyConfigurationError } from './providers/kms/kms-provider';
import { seedDatabase } from './db/seed';
import { scheduleMaintenance } from './maintenance';
import { startPhases } from './start-phases';

// Runs on import: `npm start` (scripts/start.mjs) imports this file after building the PWA.
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
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  try {
    await app.close();
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
  await phases.time('listen', () => app.listen({ port: config.port, host: '0.0.0.0' }));
} catch (err) {
  app.log.error(err, 'start-up failed');
  await app.close().catch(() => undefined);
  await database.close();
  process.exit(1);
}

const where = database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${join(config.dataDir, 'pglite')}`;
console.log(`Sahyog listening on http://localhost:${config.port} (${where}); ${phases.summary()}`);
