// The device vault (issue 24): draft autosave on a sealed database (target median <= 5 ms),
// unlock with the PIN at 4x CPU slowdown (target <= 1 s), sealing a 150 KB photo with the data key
// and for the server (target median <= 20 ms), and the outbox drain of 16 items sealed (data key;
// and sealed for the server, drained locked) vs clear, side by side (target <= 1.2x).
//
//   npm run bench -- device-vault      or      npx tsx bench/device-vault.ts
import type { Page } from 'playwright-core';
import { PIN_ITERATIONS } from '../src/app/crypto/data-key';
import { signInByApi } from '../tests/support/server-process';
import { openBenchPage } from './browser-page';

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
    // Warm-up first (JIT, IndexedDB), then side by side.
    await page.evaluate(() => (window as unknown as BenchWindow).benchAutosave());
    const sealed = await page.evaluate(() => (window as unknown as BenchWindow).benchSealedAutosave());
    const clear = await page.evaluate(() => (window as unknown as BenchWindow).benchAutosave());
    console.log(
      `vault    60-field draft save: sealed median ${sealed.medianMs.toFixed(2)} ms vs clear ${clear.medianMs.toFixed(2)} ms (target sealed <= 5 ms)`,
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
    for (let i = 0; i < 5; i++) {
      runs.clear.push((await drain(false)).ms);
      runs.sealed.push((await drain(true)).ms);
      const outbox = await drain('outbox');
      if (outbox.left !== 0) throw new Error(`the sealed outbox left ${outbox.left} items`);
      runs.outbox.push(outbox.ms);
    }
    const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.log(
      `vault    outbox drain of 16 items (3 submits, 13 photos of 300 KB): sealed median ${med(runs.sealed).toFixed(0)} ms vs clear ${med(runs.clear).toFixed(0)} ms = ${(med(runs.sealed) / med(runs.clear)).toFixed(2)}x (target <= 1.2x)`,
    );
    console.log(
      `vault    the same drain with the outbox sealed for the server, run locked: median ${med(runs.outbox).toFixed(0)} ms vs clear ${med(runs.clear).toFixed(0)} ms = ${(med(runs.outbox) / med(runs.clear)).toFixed(2)}x (target <= 1.2x)`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDeviceVault();
