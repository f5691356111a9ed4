// Compressing a 12 MP JPEG in headless Chromium with the app's own module: time, output size and
// the longest main-thread task while it runs. Targets: <= 300 ms, <= 200 KB, no task over 50 ms.
import { openBenchPage } from './browser-page';

export async function benchCompressPhoto(): Promise<void> {
  const { page, close } = await openBenchPage();
  try {
    const { inputBytes, results } = await page.evaluate(() =>
      (
        window as unknown as {
          benchCompress: () => Promise<{
            inputBytes: number;
            results: { ms: number; bytes: number; longestTaskMs: number; width?: number; height?: number }[];
          }>;
        }
      ).benchCompress(),
    );
    const ms = results.map((r) => r.ms).sort((a, b) => a - b);
    const median = ms[Math.floor(ms.length / 2)]!;
    const maxBytes = Math.max(...results.map((r) => r.bytes));
    const longest = Math.max(...results.map((r) => r.longestTaskMs));
    console.log(
      `photo    12 MP JPEG of ${(inputBytes / 1024 / 1024).toFixed(1)} MB -> ${results[0]!.width}x${results[0]!.height}, ${(maxBytes / 1024).toFixed(0)} KB (target <= 200 KB)`,
    );
    console.log(
      `photo    compress median ${median.toFixed(0)} ms over ${ms.length} runs (${ms.map((m) => m.toFixed(0)).join(', ')}; target <= 300 ms)`,
    );
    console.log(`photo    longest main-thread task while compressing: ${longest.toFixed(0)} ms (target < 50 ms)`);
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCompressPhoto();
