// The sync engine draining 500 queued JSON submits and 200 photo uploads (300 KB each) from the
// browser's real IndexedDB to the local server, against the same requests sent directly.
// Target: engine rate / direct rate >= 0.8.
import { signInByApi } from '../tests/support/server-process';
import { openBenchPage } from './browser-page';

type OutboxResult = { items: number; result: unknown; left: number; engineMs: number; directMs: number; networkMs: number };

export async function benchOutboxDrain(): Promise<void> {
  const { page, server, close } = await openBenchPage();
  try {
    const token = await signInByApi(server.baseURL, '9000000001');
    const created = await fetch(`${server.baseURL}/api/dev/applications`, { method: 'POST', headers: { token } });
    const applicationId = ((await created.json()) as { data: { application_id: string } }).data.application_id;
    const r = await page.evaluate(
      ([t, id]) => (window as unknown as { benchOutbox: (t: string, id: string) => Promise<OutboxResult> }).benchOutbox(t!, id!),
      [token, applicationId],
    );
    const engineRate = r.items / (r.engineMs / 1000);
    const directRate = r.items / (r.directMs / 1000);
    console.log(`outbox   engine: ${r.items} items in ${(r.engineMs / 1000).toFixed(2)} s = ${engineRate.toFixed(0)} items/s (${JSON.stringify(r.result)}, ${r.left} left)`);
    console.log(`outbox   of which waiting on the network: ${(r.networkMs / 1000).toFixed(2)} s; device database work: ${((r.engineMs - r.networkMs) / 1000).toFixed(2)} s`);
    console.log(`outbox   direct: ${r.items} requests in ${(r.directMs / 1000).toFixed(2)} s = ${directRate.toFixed(0)} req/s`);
    console.log(`outbox   ratio engine/direct ${(engineRate / directRate).toFixed(2)} (target >= 0.8)`);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchOutboxDrain();
