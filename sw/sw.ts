/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { OUTBOX_SYNC_TAG } from '../src/app/sync/sync-tags';
import { cacheFirst, networkFirst, staleWhileRevalidate } from './cache-strategies';
import { handleOutboxSync, type SyncEvent } from './outbox-sync';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

// The shell: every built js, css and html file (vite.config.ts globPatterns).
cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);

// Any in-app navigation gets index.html (the router uses the hash), except API paths and
// files with an extension (terms.html and privacy.html are precached under their own URL).
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/(api|verification|banking|tenants)(\/|$)/, /\/[^/]+\.[a-z0-9]+$/i],
  }),
);

// Built files left out of the precache (online-only screens, vite.config.ts): kept once opened, so
// a screen seen online opens again without a connection. Precached files never reach this route.
// A new version starts this cache empty (its files have new names), so old builds do not pile up.
const ONLINE_SCREENS_CACHE = 'sahyog-online-screens';
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && url.pathname.startsWith('/assets/'),
  cacheFirst(ONLINE_SCREENS_CACHE),
);
self.addEventListener('activate', (event) => {
  event.waitUntil(caches.delete(ONLINE_SCREENS_CACHE).then(() => undefined));
});

const ASSETS_CACHE = 'sahyog-tenant-assets';
const CONFIG_CACHE = 'sahyog-tenant-config';

// The first visit fetched these before this worker was in control: fetch them once now, so
// the first offline start already has this tenant's manifest, config and logo (the header shows
// it; only this tenant's, not every tenant's in the precache). Failures are fine.
self.addEventListener('install', (event) => {
  const warm = async (cacheName: string, url: string): Promise<Response | null> => {
    try {
      const response = await fetch(url);
      if (!response.ok) return null;
      await (await caches.open(cacheName)).put(url, response.clone());
      return response;
    } catch {
      return null; // Offline at install: the routes below fill the caches later.
    }
  };
  const warmConfigAndLogo = async () => {
    const config = await warm(CONFIG_CACHE, `/api/public/tenant/hostname/${encodeURIComponent(self.location.hostname)}/config`);
    const logo = ((await config?.json().catch(() => null)) as { data?: { logo_url?: unknown } } | null)?.data?.logo_url;
    if (typeof logo === 'string' && logo.startsWith('/tenants/')) await warm(ASSETS_CACHE, logo);
  };
  event.waitUntil(Promise.all([warm(ASSETS_CACHE, '/manifest.webmanifest'), warmConfigAndLogo()]).then(() => undefined));
});

// Tenant assets and the per-tenant manifest: shown from the cache, refreshed behind.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    (url.pathname.startsWith('/tenants/') || url.pathname === '/manifest.webmanifest'),
  staleWhileRevalidate(ASSETS_CACHE),
);

// Tenant config and logo: fresh when online, the last answer when not.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin &&
    request.method === 'GET' &&
    /\/public\/tenant\/hostname\/[^/]+\/(config|logo)$/.test(url.pathname),
  networkFirst(CONFIG_CACHE, 5_000),
);

// A new version waits until the page asks (workbox-window's messageSkipWaiting).
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync (registered by the page after every enqueue): drain the outbox.
self.addEventListener('sync' as keyof ServiceWorkerGlobalScopeEventMap, (event) => {
  const sync = event as SyncEvent;
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(handleOutboxSync(self));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
