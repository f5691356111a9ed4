// Upload of a 150 KB photo (POST /api/v1/apply-loan/upload-file) through the real server with the
// disk driver and with the S3 driver (s3rver on this machine): both servers run at once and their
// runs interleave (disk, s3, then s3, disk, ...) for ROUNDS rounds of BENCH_SECONDS, 4 clients,
// after a warm-up of each; min / median / max of p50 and p99 of each driver and of the ratio
// s3/disk, with the load average. Every counted answer is a 2xx with the stored file's id. The S3
// figure includes one more HTTP hop to the store.
//
//   npm run bench -- storage-upload            BENCH_ROUNDS=3 BENCH_SECONDS=15
import { randomUUID } from 'node:crypto';
import { signInByApi, startServerProcess, type ServerProcess } from '../tests/support/server-process';
import { startS3Server } from '../tests/support/s3-server';
import { percentile, SHORT } from './http-load';
import { loadAverage, spread } from './server-start';

const CLIENTS = 4;
const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 15);
const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(150 * 1024, 7), Buffer.from([0xff, 0xd9])]);

type Driver = { label: 'disk' | 's3'; server: ServerProcess; token: string };
type Figure = { p50: number; p99: number; load: string };

async function run(driver: Driver, seconds: number): Promise<Figure & { uploads: number }> {
  const latencies: number[] = [];
  const refused: string[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const form = new FormData();
        form.append('file_type', 'SHOP_PHOTO');
        form.append('file', new Blob([PHOTO], { type: 'image/jpeg' }), 'shop.jpg');
        const t0 = performance.now();
        const answer = await fetch(`${driver.server.baseURL}/api/v1/apply-loan/upload-file`, {
          method: 'POST',
          headers: { token: driver.token, 'idempotency-key': randomUUID() },
          body: form,
        });
        const text = await answer.text();
        latencies.push(performance.now() - t0);
        if (!answer.ok || !storedFile(text)) refused.push(`${answer.status} ${text.slice(0, 120)}`);
      }
    }),
  );
  if (refused.length) throw new Error(`storage-upload ${driver.label}: ${refused.length} uploads refused; first: ${refused[0]}`);
  const sorted = latencies.sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), load: loadAverage(), uploads: sorted.length };
}

/** The API's answer to a stored upload: success, and the new file's id. */
function storedFile(text: string): boolean {
  try {
    const body = JSON.parse(text) as { success?: boolean; data?: { file_id?: unknown } };
    return body.success === true && typeof body.data?.file_id === 'string' && body.data.file_id.length > 0;
  } catch {
    return false;
  }
}

async function startDriver(label: Driver['label'], env: Record<string, string>): Promise<Driver> {
  const server = await startServerProcess({ quiet: true, env: { LOG_LEVEL: 'warn', ...env } });
  return { label, server, token: await signInByApi(server.baseURL, '9000000001') };
}

export async function benchStorageUpload(): Promise<void> {
  const s3 = await startS3Server('sahyog-bench');
  const drivers: Driver[] = [];
  try {
    drivers.push(await startDriver('disk', {}), await startDriver('s3', s3.env));
    for (const driver of drivers) await run(driver, SHORT ? 1 : 3); // warm-up, not counted
    const figures = { disk: [] as Figure[], s3: [] as Figure[] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const driver of round % 2 ? drivers : [...drivers].reverse()) {
        const f = await run(driver, SECONDS);
        figures[driver.label].push(f);
        console.log(
          `round ${round} upload 150 KB, ${driver.label.padEnd(5)} p50 ${f.p50.toFixed(1)} ms  p99 ${f.p99.toFixed(1)} ms  (${f.uploads} uploads, load average ${f.load})`,
        );
      }
    }
    console.log(`min / median / max over ${ROUNDS} round(s) of ${SECONDS} s, ${CLIENTS} clients`);
    for (const label of ['disk', 's3'] as const)
      console.log(
        `upload 150 KB, ${label.padEnd(5)} p50 ${spread(
          figures[label].map((f) => f.p50),
          1,
        )} ms  p99 ${spread(
          figures[label].map((f) => f.p99),
          1,
        )} ms`,
      );
    const ratio = (pick: (f: Figure) => number) =>
      spread(
        figures.s3.map((f, i) => pick(f) / pick(figures.disk[i]!)),
        2,
      );
    console.log(`s3 / disk: p50 ${ratio((f) => f.p50)}  p99 ${ratio((f) => f.p99)}`);
  } finally {
    for (const driver of drivers) await driver.server.stop();
    await s3.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStorageUpload();
