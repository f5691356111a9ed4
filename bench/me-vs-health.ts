// GET /api/v1/user/me (token lookup + DB read) against the bare health route, same autocannon
// settings (10 connections, 10 s a run), interleaved over rounds (health, me, then me, health, ...)
// so load on a shared machine moves both alike; min / median / max of each and of the ratio
// me/health, with the load average. Every counted answer is a 2xx with the route's body (health's
// status ok, the signed-in officer's own profile). Target: me/health ratio >= 0.25.
import autocannon from 'autocannon';
import { SHORT } from './http-load';
import { loadAverage, spread } from './server-start';
import { signInByApi, startServerProcess } from '../tests/support/server-process';

const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);
const SECONDS = SHORT ? 1 : 10;
const RO = '9000000001';

type Route = {
  name: 'health' | 'me';
  label: string;
  url: string;
  headers: Record<string, string>;
  answered: (data: Record<string, unknown>) => boolean;
};
type Figure = { rps: number; p99: number; load: string };

async function run(route: Route, seconds: number): Promise<Figure> {
  let wrong = 0;
  let firstWrong = '';
  const check = (status: number, body: string) => {
    let data: Record<string, unknown> | undefined;
    try {
      const parsed = JSON.parse(body) as { success?: boolean; data?: Record<string, unknown> };
      if (parsed.success === true) data = parsed.data;
    } catch {
      // not the API's JSON: counted wrong below
    }
    if (status >= 200 && status < 300 && data && route.answered(data)) return;
    wrong += 1;
    firstWrong ||= `${status} ${body.slice(0, 200)}`;
  };
  const result = await autocannon({
    url: route.url,
    connections: 10,
    duration: seconds,
    headers: route.headers,
    requests: [{ method: 'GET', onResponse: check }],
  });
  const refused = wrong + result.non2xx + result.errors + result.timeouts;
  if (refused) throw new Error(`me-vs-health ${route.name}: ${refused} answers refused, failed or wrong; no figure. First: ${firstWrong}`);
  return { rps: result.requests.average, p99: result.latency.p99, load: loadAverage() };
}

export async function benchMeVsHealth(): Promise<void> {
  const server = await startServerProcess({ quiet: true, env: { LOG_LEVEL: 'warn' } });
  try {
    const token = await signInByApi(server.baseURL, RO);
    const health: Route = {
      name: 'health',
      label: 'health',
      url: `${server.baseURL}/api/health`,
      headers: {},
      answered: (d) => d.status === 'ok',
    };
    const me: Route = {
      name: 'me',
      label: 'user/me',
      url: `${server.baseURL}/api/v1/user/me`,
      headers: { token },
      answered: (d) => d.mobile === RO,
    };
    for (const route of [health, me]) await run(route, SHORT ? 1 : 3); // warm-up, not counted
    const figures = { health: [] as Figure[], me: [] as Figure[] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const route of round % 2 ? [health, me] : [me, health]) {
        const f = await run(route, SECONDS);
        figures[route.name].push(f);
        console.log(`round ${round} ${route.label.padEnd(7)} ${f.rps.toFixed(0)} req/s, p99 ${f.p99} ms (load average ${f.load})`);
      }
    }
    console.log(`min / median / max over ${ROUNDS} round(s) of ${SECONDS} s`);
    for (const route of [health, me])
      console.log(
        `${route.label.padEnd(7)}  req/s ${spread(figures[route.name].map((f) => f.rps))}  p99 ${spread(figures[route.name].map((f) => f.p99))} ms`,
      );
    const ratios = figures.me.map((f, i) => f.rps / figures.health[i]!.rps);
    console.log(`ratio me/health ${spread(ratios, 2)} (target >= 0.25)`);
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchMeVsHealth();
