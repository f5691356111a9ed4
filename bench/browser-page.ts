import { build } from 'vite';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { launchPersistent } from '../tests/e2e/support/browser';
import { startServerProcess, type ServerProcess } from '../tests/support/server-process';

/** Builds the benchmark page, serves it from the real server and opens it in Chromium. */
export async function openBenchPage(): Promise<{ page: Page; server: ServerProcess; close: () => Promise<void> }> {
  const root = fileURLToPath(new URL('./browser/', import.meta.url));
  await build({ configFile: `${root}vite.config.ts` });
  const server = await startServerProcess({ quiet: true, env: { STATIC_DIR: `${root}dist` } });
  const browser = await launchPersistent({ width: 1280, height: 800 });
  const page = await browser.context.newPage();
  await page.goto(`${server.baseURL}/index.html`);
  await page.waitForFunction(() => 'benchCompress' in window);
  return {
    page,
    server,
    close: async () => {
      await browser.close();
      await server.stop();
    },
  };
}
