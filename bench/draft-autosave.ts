// Draft autosave of a 60-field form into the browser's real IndexedDB: median ms per save.
// Target: <= 5 ms.
import { openBenchPage } from './browser-page';

export async function benchDraftAutosave(): Promise<void> {
  const { page, close } = await openBenchPage();
  try {
    const r = await page.evaluate(() =>
      (window as unknown as { benchAutosave: () => Promise<{ saves: number; medianMs: number; p95Ms: number }> }).benchAutosave(),
    );
    console.log(
      `drafts   60-field draft save: median ${r.medianMs.toFixed(2)} ms, p95 ${r.p95Ms.toFixed(2)} ms over ${r.saves} saves (target median <= 5 ms)`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchDraftAutosave();
