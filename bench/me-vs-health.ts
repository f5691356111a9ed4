// GET /api/v1/user/me (token lookup + DB read) against a bare health route, same autocannon
// settings (10 connections, 10 s). Target: me/health ratio >= 0.25.
import autocannon from 'autocannon';
import { SHORT } from './http-load';
import { signInByApi, startServerProcess } from '../tests/support/server-process';

function run(url: string, headers: Record<string, string>): Promise<autocannon.Result> {
  return autocannon({ url, connections: 10, duration: SHORT ? 1 : 10, headers });
}

export async function benchMeVsHealth(): Promise<void> {
  const server = await startServerProcess({ quiet: true, env: { LOG_LEVEL: 'warn' } });
  try {
    const token = await signInByApi(server.baseURL, '9000000001');
    await run(`${server.baseURL}/api/health`, {}); // warm-up
    const health = await run(`${server.baseURL}/api/health`, {});
    const me = await run(`${server.baseURL}/api/v1/user/me`, { token });
    const non2xx = health.non2xx + me.non2xx + health.errors + me.errors;
    if (non2xx) throw new Error(`me-vs-health: ${non2xx} requests refused or failed; no figure`);
    console.log(`health   ${health.requests.average.toFixed(0)} req/s, p99 ${health.latency.p99} ms`);
    console.log(`user/me  ${me.requests.average.toFixed(0)} req/s, p99 ${me.latency.p99} ms`);
    console.log(`ratio    ${(me.requests.average / health.requests.average).toFixed(2)} (target >= 0.25)`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMeVsHealth();
