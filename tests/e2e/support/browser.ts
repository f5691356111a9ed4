import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--use-fake-device-for-media-stream',
  '--use-fake-ui-for-media-stream',
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

/** A context with its own profile directory, so service worker and storage start empty. */
export async function launchPersistent(
  viewport = { width: 360, height: 740 },
): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'sahyog-chromium-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Ready to go offline: the service worker is active and controls this page. 'activated' alone is
 * not enough: until the page is claimed, its lazy chunks (and workers) still come from the
 * network, so a capture offline would wait forever on a chunk.
 */
export async function waitForOfflineReady(page: Page): Promise<void> {
  // Synchronous on purpose: waitForFunction takes a returned promise as a truthy answer.
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === 'activated');
}
