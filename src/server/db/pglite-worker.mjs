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
import { PGLiteSocketHandler, PGLiteSocketServer } from '@electric-sql/pglite-socket';

if (isMainThread) {
  const created = await PGlite.create({ dataDir: process.argv[2] });
  await created.close();
  process.exit(0);
}

// pglite-socket hands PGlite one protocol message at a time: a query from `pg` (Bind, Describe,
// Execute, Sync) was four calls into the engine, each with its own queue turn, lock and flush.
// PGlite reads any number of messages in one call (it answers each Sync with ReadyForQuery, and
// after an error skips to the next Sync, as PostgreSQL does), so every complete message that has
// arrived goes in one call: about a quarter less CPU per query. A connection's messages up to its
// startup message (an SSL or cancel request, the startup: no type byte) go through the library's own handling.
const handleOneByOne = PGLiteSocketHandler.prototype.handleData;
const PROTOCOL_3 = 196608;
const startedUp = new WeakSet();

PGLiteSocketHandler.prototype.handleData = async function handleData(data) {
  if (!this.socket || !this.active) return 0;
  const pending = this.messageBuffer.length > 0 ? Buffer.concat([this.messageBuffer, data]) : data;
  if (!startedUp.has(this)) {
    if (pending.length >= 8 && pending.readInt32BE(4) === PROTOCOL_3) startedUp.add(this);
    this.messageBuffer = Buffer.alloc(0);
    return handleOneByOne.call(this, pending);
  }
  let complete = 0;
  while (pending.length - complete >= 5) {
    const length = 1 + pending.readInt32BE(complete + 1);
    if (pending.length - complete < length) break;
    complete += length;
  }
  this.messageBuffer = pending.subarray(complete);
  if (complete === 0) return 0;
  let written = 0;
  await this.queryQueue.enqueue(this.id, new Uint8Array(pending.subarray(0, complete)), (answer) => {
    if (answer.length > 0 && this.socket?.writable && this.active) this.socket.write(Buffer.from(answer));
    written += answer.length;
  });
  return written;
};

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
