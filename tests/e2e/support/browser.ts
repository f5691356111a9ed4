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

/** The contexts of the browsers still open, for the failure report (failure-report.ts). */
const openContexts = new Set<() => BrowserContext[]>();

export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const contexts = () => browser.contexts();
  openContexts.add(contexts);
  browser.on('disconnected', () => openContexts.delete(contexts));
  return browser;
}

/** Every open page: its URL and what it shows (the report of a failed test). */
export function openPages(): Page[] {
  return [...openContexts].flatMap((contexts) => contexts().flatMap((context) => context.pages()));
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
  const contexts = () => [context];
  openContexts.add(contexts);
  return {
    context,
    close: async () => {
      openContexts.delete(contexts);
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
