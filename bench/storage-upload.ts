// Upload of a 150 KB photo (POST /api/v1/apply-loan/upload-file) through the real server with the
// disk driver and with the S3 driver (s3rver on this machine): 4 clients for BENCH_SECONDS, p50
// and p99 of each. The S3 figure includes one more HTTP hop to the store.
//
//   npm run bench -- storage-upload
import { randomUUID } from 'node:crypto';
import { signInByApi, startServerProcess } from '../tests/support/server-process';
import { startS3Server } from '../tests/support/s3-server';
import { percentile, SHORT } from './http-load';

const CLIENTS = 4;
const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 15);
const PHOTO = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(150 * 1024, 7), Buffer.from([0xff, 0xd9])]);

async function run(label: string, env: Record<string, string>): Promise<void> {
  const server = await startServerProcess({ quiet: true, env: { LOG_LEVEL: 'warn', ...env } });
  try {
    const token = await signInByApi(server.baseURL, '9000000001');
    const latencies: number[] = [];
    const refused: string[] = [];
    const deadline = performance.now() + SECONDS * 1000;
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (performance.now() < deadline) {
          const form = new FormData();
          form.append('file_type', 'SHOP_PHOTO');
          form.append('file', new Blob([PHOTO], { type: 'image/jpeg' }), 'shop.jpg');
          const t0 = performance.now();
          const answer = await fetch(`${server.baseURL}/api/v1/apply-loan/upload-file`, {
            method: 'POST',
            headers: { token, 'idempotency-key': randomUUID() },
            body: form,
          });
          const text = await answer.text();
          latencies.push(performance.now() - t0);
          if (!answer.ok) refused.push(`${answer.status} ${text.slice(0, 120)}`);
        }
      }),
    );
    if (refused.length) throw new Error(`storage-upload ${label}: ${refused.length} uploads refused; first: ${refused[0]}`);
    const sorted = latencies.sort((a, b) => a - b);
    console.log(
      `upload 150 KB, ${label.padEnd(5)} p50 ${percentile(sorted, 50).toFixed(1)} ms  p99 ${percentile(sorted, 99).toFixed(1)} ms  (${sorted.length} uploads)`,
    );
  } finally {
    await server.stop();
  }
}

export async function benchStorageUpload(): Promise<void> {
  await run('disk', {});
  const s3 = await startS3Server('sahyog-bench');
  try {
    await run('s3', s3.env);
  } finally {
    await s3.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStorageUpload();
