// KYC submit (PATCH basic-info, as in application-submit) with 50 keep-alive clients through
// HAProxy to 1 and then 2 compiled API processes on PostgreSQL (scripts/cluster.ts), the token
// checked against the database on every request. Target: 2 processes >= 1.5x the req/s of 1.
//
//   npm run bench -- cluster-submit
import { randomUUID } from 'node:crypto';
import { startCluster } from '../scripts/cluster';
import { openPostgres } from '../src/server/db/client';
import { signInByApi } from '../tests/support/server-process';
import { createVerifiedApplication } from './application-fixture';
import { kycBody, RO, seed } from './application-submit';
import { load, report, SHORT, type Req } from './http-load';

const CLIENTS = 50;
const SECONDS = SHORT ? 1 : Number(process.env.BENCH_SECONDS ?? 20);

async function run(nodes: number): Promise<number> {
  const cluster = await startCluster({ nodes, database: 'sahyog_bench_cluster', quiet: true, env: { TOKEN_CACHE_SECONDS: '0' } });
  try {
    const token = await signInByApi(cluster.nodes[0]!.url, RO);
    const { applicationId, fileIds } = await createVerifiedApplication(cluster.nodes[0]!.url, token);
    const database = openPostgres(cluster.databaseUrl, { max: 2 });
    const ids = await seed(database, applicationId);
    await database.close();
    let n = 0;
    const kyc = (): Req => {
      const i = n++;
      return { method: 'PATCH', path: `/api/v1/app/mfi/${ids[i % ids.length]}/basic-info`, key: randomUUID(), body: kycBody(i, fileIds) };
    };
    const port = cluster.port;
    await load(port, token, kyc, SHORT ? 1 : 3, { clients: CLIENTS }); // warm-up
    return report(`KYC submit, ${nodes} API process${nodes > 1 ? 'es' : ''}`, await load(port, token, kyc, SECONDS, { clients: CLIENTS }))
      .rps;
  } finally {
    await cluster.stop();
  }
}

export async function benchClusterSubmit(): Promise<void> {
  console.log(`\ncluster-submit: ${CLIENTS} clients through HAProxy, ${SECONDS} s, PostgreSQL, auth against the database on every request`);
  const one = await run(1);
  const two = await run(2);
  console.log(`2 processes / 1 process: ${(two / one).toFixed(2)} (target >= 1.5)`);
}

if (import.meta.url === `file://${process.argv[1]}`) await benchClusterSubmit();
