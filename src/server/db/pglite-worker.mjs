// The embedded database's own thread: PGlite (PostgreSQL in WebAssembly) served over PostgreSQL's
// wire protocol on a Unix socket that only this user can open (pglite-socket), so the API's thread
// talks to it through `pg` as it does to PostgreSQL, and the engine's work runs on another core.
// Plain JavaScript: a worker thread has no TypeScript loader, and it needs none of the server's code.
//
// Run as a process of its own (`node pglite-worker.mjs <dataDir>`), it only creates the database
// in dataDir and exits: creating one (initdb) grows PGlite's WebAssembly memory by about 500 MB
// that a thread would keep, and an exiting process gives all of it back (client.ts).
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

if (isMainThread) {
  const created = await PGlite.create({ dataDir: process.argv[2] });
  await created.close();
  process.exit(0);
}

const { dataDir, socketPath, sharedBuffersMb } = workerData;
// shared_buffers is zeroed when PGlite starts, so all of it is resident from the first second
// (PostgreSQL's default 128 MB: about 110 MB more than 32 MB). A branch's database is small, and
// a page not in the buffers is read from the data directory's file, which the OS caches.
const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`];
const db = await PGlite.create({ dataDir, startParams });
// The API's pool holds one connection (PGlite has one session, and prepared statements live in it);
// room for a second, so a new connection is not refused while the server still closes the old one.
const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: 2 });
await server.start();
parentPort.postMessage({ ready: true });

parentPort.on('message', async (message) => {
  if (message !== 'stop') return;
  await server.stop();
  await db.close();
  parentPort.postMessage({ stopped: true });
});
