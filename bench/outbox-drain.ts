// The sync engine draining 500 queued JSON submits and 200 photo uploads (300 KB each) from the
// browser's real IndexedDB to the local server, against the same requests sent directly. Both
// paths are warmed up first and then run alternately over ROUNDS rounds (engine, direct, then
// direct, engine, ...); min / median / max of each rate and of the ratio, with the load average.
// Target: engine rate / direct rate >= 0.8.
import type { Page } from 'playwright-core';
import { signInByApi } from '../tests/support/server-process';
import { openBenchPage } from './browser-page';
import { SHORT } from './http-load';
import { loadAverage, spread } from './server-start';

const ROUNDS = SHORT ? 1 : Number(process.env.BENCH_ROUNDS ?? 3);

type EngineRun = { items: number; result: unknown; left: number; firstLeft?: string; ms: number; networkMs: number };
type DirectRun = { items: number; ms: number; refused: number[] };
type BenchWindow = {
  benchEngine: (token: string, app: string, submits?: number, photos?: number) => Promise<EngineRun>;
  benchDirect: (token: string, app: string, submits?: number, photos?: number) => Promise<DirectRun>;
};

const engineRun = (page: Page, token: string, app: string, submits: number, photos: number) =>
  page.evaluate(
    ([t, a, s, p]) => (window as unknown as BenchWindow).benchEngine(t as string, a as string, s as number, p as number),
    [token, app, submits, photos],
  );
const directRun = (page: Page, token: string, app: string, submits: number, photos: number) =>
  page.evaluate(
    ([t, a, s, p]) => (window as unknown as BenchWindow).benchDirect(t as string, a as string, s as number, p as number),
    [token, app, submits, photos],
  );

export async function benchOutboxDrain(): Promise<void> {
  const { page, server, close } = await openBenchPage();
  try {
    const token = await signInByApi(server.baseURL, '9000000001');
    const created = await fetch(`${server.baseURL}/api/dev/applications`, { method: 'POST', headers: { token } });
    const app = ((await created.json()) as { data: { application_id: string } }).data.application_id;
    const [submits, photos] = SHORT ? [20, 5] : [500, 200];
    // Warm-up: the server's JIT and caches, the browser's blob store.
    if (!SHORT) {
      await directRun(page, token, app, 300, 100);
      await engineRun(page, token, app, 300, 100);
    }
    const rate = (r: { items: number; ms: number }) => r.items / (r.ms / 1000);
    const rates = { engine: [] as number[], direct: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      for (const which of round % 2 ? (['engine', 'direct'] as const) : (['direct', 'engine'] as const)) {
        // Only a drain that sent everything, and direct requests all accepted, make a figure.
        if (which === 'engine') {
          const r = await engineRun(page, token, app, submits, photos);
          if (r.left > 0)
            throw new Error(`outbox-drain: ${r.left} items left in the outbox (${JSON.stringify(r.result)}); first: ${r.firstLeft}`);
          rates.engine.push(rate(r));
          console.log(
            `outbox   round ${round} engine: ${r.items} items in ${(r.ms / 1000).toFixed(2)} s = ${rate(r).toFixed(0)} items/s (network ${(r.networkMs / 1000).toFixed(2)} s, device database ${((r.ms - r.networkMs) / 1000).toFixed(2)} s; ${JSON.stringify(r.result)}, ${r.left} left; load average ${loadAverage()})`,
          );
        } else {
          const r = await directRun(page, token, app, submits, photos);
          if (r.refused.length) throw new Error(`outbox-drain: direct requests refused: ${r.refused.join(', ')}`);
          rates.direct.push(rate(r));
          console.log(
            `outbox   round ${round} direct: ${r.items} requests in ${(r.ms / 1000).toFixed(2)} s = ${rate(r).toFixed(0)} req/s (load average ${loadAverage()})`,
          );
        }
      }
    }
    console.log(
      `outbox   min / median / max over ${ROUNDS} round(s): engine ${spread(rates.engine)} items/s, direct ${spread(rates.direct)} req/s`,
    );
    console.log(
      `outbox   ratio engine/direct ${spread(
        rates.engine.map((e, i) => e / rates.direct[i]!),
        2,
      )} (target >= 0.8)`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOutboxDrain();
