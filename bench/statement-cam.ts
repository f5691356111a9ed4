// Statement identity (POST /banking/v1/identity) and the CAM (POST /api/v1/banking/bank-statement-info)
// on the 12-page fixture statement (MOHAN LAL, Canara Bank, 545 transactions), against the real
// server (npm start's process, PGlite): one warm-up call each (pdf.js and exceljs load on first
// use), then RUNS calls each, one at a time, timed on loopback (server time plus well under a
// millisecond). Targets: identity <= 1 s, CAM <= 2 s.
//
//   npx tsx bench/statement-cam.ts
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { signInByApi, startServerProcess } from '../tests/support/server-process';
import { apiClient } from './application-fixture';
import { SHORT } from './http-load';

const RUNS = SHORT ? 1 : Number(process.env.BENCH_RUNS ?? 10);
const FIXTURE = join(import.meta.dirname, '..', 'tests', 'fixtures', 'statements', 'mohan-lal-canara-12-pages.pdf');

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function benchStatementCam(): Promise<void> {
  const server = await startServerProcess({ quiet: true });
  try {
    const token = await signInByApi(server.baseURL, '9000000001');
    const api = apiClient(server.baseURL, token);
    const { application_id: id } = (await api.ok('POST', '/api/dev/applications')) as { application_id: string };
    const bytes = new Uint8Array(readFileSync(FIXTURE));
    const fileId = await api.upload({ application_id: id, file_type: 'BANK_STATEMENT' }, bytes, 'statement.pdf', 'application/pdf');
    const identity = { bank_name: 'Canara Bank', files: [{ file_id: fileId }], application_id: id };
    const cam = { bank_name: 'CNRB', file_id: fileId, mfi_app_id: id };

    const time = async (path: string, body: unknown) => {
      const t0 = performance.now();
      const answer = await api.call('POST', path, body);
      const ms = performance.now() - t0;
      if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${answer.body.message}`);
      return { ms, data: answer.body.data };
    };
    const first = { identity: await time('/banking/v1/identity', identity), cam: await time('/api/v1/banking/bank-statement-info', cam) };
    const runs = { identity: [] as number[], cam: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      runs.identity.push((await time('/banking/v1/identity', identity)).ms);
      runs.cam.push((await time('/api/v1/banking/bank-statement-info', cam)).ms);
    }
    const txns = (first.identity.data.results as { transactions: number }[])[0]!.transactions;
    console.log(`statement-cam: 12-page statement, ${txns} transactions, ${bytes.length} bytes`);
    console.log(
      `  identity: first ${first.identity.ms.toFixed(0)} ms, median ${median(runs.identity).toFixed(0)} ms, max ${Math.max(...runs.identity).toFixed(0)} ms (target <= 1000)`,
    );
    console.log(
      `  CAM:      first ${first.cam.ms.toFixed(0)} ms, median ${median(runs.cam).toFixed(0)} ms, max ${Math.max(...runs.cam).toFixed(0)} ms (target <= 2000)`,
    );
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchStatementCam();
