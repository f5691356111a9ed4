// The sync engine draining 500 queued JSON submits and 200 photo uploads (300 KB each) from the
// browser's real IndexedDB to the local server, against the same requests sent directly. Both
// paths are warmed up first and then run alternately (engine, direct, direct, engine).
// Target: engine rate / direct rate >= 0.8.
import type { Page } from 'playwright-core';
import { signInByApi } from '../tests/support/server-process';
import { openBenchPage } from './browser-page';
import { SHORT } from './http-load';

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
    const e1 = await engineRun(page, token, app, submits, photos);
    const d1 = await directRun(page, token, app, submits, photos);
    const d2 = await directRun(page, token, app, submits, photos);
    const e2 = await engineRun(page, token, app, submits, photos);
    // Only a drain that sent everything, and direct requests all accepted, make a figure.
    for (const r of [e1, e2])
      if (r.left > 0)
        throw new Error(`outbox-drain: ${r.left} items left in the outbox (${JSON.stringify(r.result)}); first: ${r.firstLeft}`);
    for (const r of [d1, d2]) if (r.refused.length) throw new Error(`outbox-drain: direct requests refused: ${r.refused.join(', ')}`);
    const rate = (r: { items: number; ms: number }) => r.items / (r.ms / 1000);
    const engineRate = (rate(e1) + rate(e2)) / 2;
    const directRate = (rate(d1) + rate(d2)) / 2;
    for (const [name, r] of [
      ['engine', e1],
      ['engine', e2],
    ] as const) {
      console.log(
        `outbox   ${name}: ${r.items} items in ${(r.ms / 1000).toFixed(2)} s = ${rate(r).toFixed(0)} items/s (network ${(r.networkMs / 1000).toFixed(2)} s, device database ${((r.ms - r.networkMs) / 1000).toFixed(2)} s; ${JSON.stringify(r.result)}, ${r.left} left)`,
      );
    }
    for (const r of [d1, d2])
      console.log(`outbox   direct: ${r.items} requests in ${(r.ms / 1000).toFixed(2)} s = ${rate(r).toFixed(0)} req/s`);
    console.log(
      `outbox   ratio engine/direct ${(engineRate / directRate).toFixed(2)} (mean rates ${engineRate.toFixed(0)} vs ${directRate.toFixed(0)}; target >= 0.8)`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOutboxDrain();
