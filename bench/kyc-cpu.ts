// CPU of one KYC submit on PGlite, with no other request and no HTTP client in the way: the app
// in this process (fastify's inject), the bench's 22k seeded rows in a PGlite data directory,
// submits one after another. Prints CPU ms per submit (this process's user + system time, the
// API's one thread doing HTTP and SQL) and the median and p99 of each submit's time: figures
// that other load on a shared machine moves far less than the 10-client req/s of application-submit.
//
// BENCH_CONDITIONAL=1: each submit names the version of the KYC record it was based on (If-Match,
// from the previous answer's ETag), as the phone does (issue 32).
//
//   npx tsx bench/kyc-cpu.ts [submits]
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app';
import { openPglite } from '../src/server/db/client';
import { seedDatabase } from '../src/server/db/seed';
import { signInByApi } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { kycBody, RO, seed } from './application-submit';
import { percentile, SHORT } from './http-load';

export async function benchKycCpu(submits = SHORT ? 50 : 1500): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sahyog-kyc-cpu-'));
  const database = await openPglite({ dataDir });
  try {
    await database.migrate();
    await seedDatabase(database.db);
    const app = await buildApp({ db: database.db, config: { tokenCacheSeconds: 0 }, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const baseURL = `http://localhost:${(app.server.address() as AddressInfo).port}`;
    const token = await signInByApi(baseURL, RO);
    const { applicationId, fileIds } = await createVerifiedApplication(baseURL, token);
    const ids = await seed(database, applicationId);
    const conditional = process.env.BENCH_CONDITIONAL === '1';
    const versions = new Map<string, string>();
    const submit = async (i: number) => {
      const id = ids[i % ids.length]!;
      const basedOn = conditional ? { 'if-match': versions.get(id) ?? '"0"' } : {};
      const res = await app.inject({
        method: 'PATCH',
        url: `/api/v1/app/mfi/${id}/basic-info`,
        headers: { token, 'content-type': 'application/json', 'idempotency-key': randomUUID(), ...basedOn },
        payload: kycBody(i, fileIds),
      });
      if (res.statusCode !== 200) throw new Error(`KYC submit refused: ${res.statusCode} ${res.body.slice(0, 200)}`);
      if (typeof res.headers.etag === 'string') versions.set(id, res.headers.etag);
    };
    for (let i = 0; i < Math.min(200, submits); i++) await submit(i); // warm-up: JIT, plans, caches
    const times: number[] = [];
    const cpu0 = process.cpuUsage();
    for (let i = 0; i < submits; i++) {
      const t0 = performance.now();
      await submit(10_000 + i);
      times.push(performance.now() - t0);
    }
    const cpu = process.cpuUsage(cpu0);
    times.sort((a, b) => a - b);
    console.log(
      `\nkyc-cpu (PGlite, one submit at a time, ${submits} ${conditional ? 'conditional ' : ''}submits): CPU ${((cpu.user + cpu.system) / 1000 / submits).toFixed(2)} ms per submit ` +
        `(user ${(cpu.user / 1000 / submits).toFixed(2)}, system ${(cpu.system / 1000 / submits).toFixed(2)}); ` +
        `time per submit median ${percentile(times, 50).toFixed(2)} ms, p99 ${percentile(times, 99).toFixed(2)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
    );
    await app.close();
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchKycCpu(process.argv[2] ? Number(process.argv[2]) : undefined);
