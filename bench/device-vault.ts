// The device vault (issue 24): draft autosave on a sealed database (target median <= 5 ms),
// unlock with the PIN at 4x CPU slowdown (target <= 1 s), sealing a 150 KB photo with the data key
// and for the server (target median <= 20 ms), and the outbox drain of 16 items sealed (data key;
// and sealed for the server, drained locked) vs clear (target <= 1.2x). What is compared runs
// interleaved over rounds (sealed, clear, then clear, sealed, ...); min / median / max of each and
// of the ratio, with the load average.
//
//   npm run bench -- device-vault      or      npx tsx bench/device-vault.ts
import type { Page } from 'playwright-core';
import { PIN_ITERATIONS } from '../src/app/crypto/data-key';
import { signInByApi } from '../tests/support/server-process';
import { openBenchPage } from './browser-page';
import { SHORT } from './http-load';
import { loadAverage, spread } from './server-start';

const ROUNDS = SHORT ? 1 : 5;

type BenchWindow = {
  benchUnlock: () => Promise<{ iterations: number; medianMs: number; times: number[] }>;
  benchPbkdf2: (iterations: number) => Promise<number>;
  benchSealPhoto: () => Promise<{ sealMedianMs: number; writeMedianMs: number }>;
  benchSealedAutosave: () => Promise<{ saves: number; medianMs: number }>;
  benchAutosave: () => Promise<{ saves: number; medianMs: number }>;
  benchSealForServer: () => Promise<{ medianMs: number }>;
  benchEngine: (
    token: string,
    app: string,
    submits: number,
    photos: number,
    sealed: boolean | 'outbox',
  ) => Promise<{ ms: number; left: number }>;
};
async function throttled<T>(page: Page, rate: number, fn: () => Promise<T>): Promise<T> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  try {
    return await fn();
  } finally {
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await cdp.detach();
  }
}

export async function benchDeviceVault(): Promise<void> {
  const { page, server, close } = await openBenchPage();
  try {
    // Warm-up first (JIT, IndexedDB), then interleaved.
    await page.evaluate(() => (window as unknown as BenchWindow).benchAutosave());
    await page.evaluate(() => (window as unknown as BenchWindow).benchSealedAutosave());
    const saves = { sealed: [] as number[], clear: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++)
      for (const which of round % 2 ? (['sealed', 'clear'] as const) : (['clear', 'sealed'] as const))
        saves[which].push(
          (
            await page.evaluate(
              (w) =>
                w === 'sealed'
                  ? (window as unknown as BenchWindow).benchSealedAutosave()
                  : (window as unknown as BenchWindow).benchAutosave(),
              which,
            )
          ).medianMs,
        );
    console.log(
      `vault    60-field draft save, median of each run, min / median / max over ${ROUNDS} round(s): sealed ${spread(saves.sealed, 2)} ms vs clear ${spread(saves.clear, 2)} ms, ratio ${spread(
        saves.sealed.map((x, i) => x / saves.clear[i]!),
        2,
      )} (target sealed median <= 5 ms; load average ${loadAverage()})`,
    );

    const pbkdf2 = await page.evaluate((n) => (window as unknown as BenchWindow).benchPbkdf2(n), PIN_ITERATIONS);
    const pbkdf2Slow = await throttled(page, 4, () =>
      page.evaluate((n) => (window as unknown as BenchWindow).benchPbkdf2(n), PIN_ITERATIONS),
    );
    console.log(
      `vault    PBKDF2-SHA-256 x ${PIN_ITERATIONS}: ${pbkdf2.toFixed(0)} ms here, ${pbkdf2Slow.toFixed(0)} ms at 4x CPU slowdown; 4 x here = ${(4 * pbkdf2).toFixed(0)} ms (aim ~500 ms on a mid-range phone: ${Math.round(500 / ((4 * pbkdf2) / PIN_ITERATIONS) / 1000) * 1000} iterations)`,
    );
    const unlockFast = await page.evaluate(() => (window as unknown as BenchWindow).benchUnlock());
    const unlockSlow = await throttled(page, 4, () => page.evaluate(() => (window as unknown as BenchWindow).benchUnlock()));
    console.log(
      `vault    unlock (PIN to key, then the list's sealed rows read): median ${unlockFast.medianMs.toFixed(0)} ms here, ${unlockSlow.medianMs.toFixed(0)} ms at 4x CPU slowdown (target <= 1000 ms)`,
    );

    const photo = await page.evaluate(() => (window as unknown as BenchWindow).benchSealPhoto());
    console.log(
      `vault    150 KB photo: seal median ${photo.sealMedianMs.toFixed(2)} ms, sealed write to IndexedDB median ${photo.writeMedianMs.toFixed(2)} ms (target seal <= 20 ms)`,
    );

    const forServer = await page.evaluate(() => (window as unknown as BenchWindow).benchSealForServer());
    console.log(
      `vault    150 KB photo sealed for the server (ECDH P-256 + HKDF + AES-GCM): median ${forServer.medianMs.toFixed(2)} ms (target <= 20 ms)`,
    );

    const token = await signInByApi(server.baseURL, '9000000001');
    const created = await fetch(`${server.baseURL}/api/dev/applications`, { method: 'POST', headers: { token } });
    const app = ((await created.json()) as { data: { application_id: string } }).data.application_id;
    const drain = (sealedDb: boolean | 'outbox') =>
      page.evaluate(([t, id, s]) => (window as unknown as BenchWindow).benchEngine(t as string, id as string, 3, 13, s as boolean), [
        token,
        app,
        sealedDb,
      ] as const);
    await drain(false);
    await drain(true);
    await drain('outbox');
    const runs = { clear: [] as number[], sealed: [] as number[], outbox: [] as number[] };
    for (let round = 1; round <= ROUNDS; round++) {
      const order = round % 2 ? ([false, true, 'outbox'] as const) : (['outbox', true, false] as const);
      for (const sealedDb of order) {
        const run = await drain(sealedDb);
        if (run.left !== 0) throw new Error(`the ${sealedDb === false ? 'clear' : 'sealed'} outbox left ${run.left} items`);
        runs[sealedDb === false ? 'clear' : sealedDb === true ? 'sealed' : 'outbox'].push(run.ms);
      }
    }
    const vsClear = (xs: number[]) =>
      spread(
        xs.map((x, i) => x / runs.clear[i]!),
        2,
      );
    console.log(
      `vault    outbox drain of 16 items (3 submits, 13 photos of 300 KB), min / median / max over ${ROUNDS} round(s): sealed ${spread(runs.sealed)} ms vs clear ${spread(runs.clear)} ms, ratio ${vsClear(runs.sealed)} (target <= 1.2x; load average ${loadAverage()})`,
    );
    console.log(
      `vault    the same drain with the outbox sealed for the server, run locked: ${spread(runs.outbox)} ms vs clear ${spread(runs.clear)} ms, ratio ${vsClear(runs.outbox)} (target <= 1.2x)`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDeviceVault();
