/**
 * Two small runtime strategies (the app depends on workbox-precaching and workbox-routing
 * only). Both store successful answers only, and keep the page working when the network fails.
 */
export type HandlerContext = { request: Request; event: ExtendableEvent };
export type Handler = (context: HandlerContext) => Promise<Response>;

/** The cached copy at once when there is one; the network refreshes it in the background. */
export function staleWhileRevalidate(cacheName: string): Handler {
  return async ({ request, event }) => {
    const cache = await caches.open(cacheName);
    const cached = await cache.match(request);
    const network = fetch(request).then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    });
    if (cached) {
      event.waitUntil(
        network.then(
          () => undefined,
          () => undefined,
        ),
      );
      return cached;
    }
    return network;
  };
}

/** The cached copy when there is one (a hashed file never changes), else the network's, kept. */
export function cacheFirst(cacheName: string): Handler {
  return async ({ request }) => {
    const cache = await caches.open(cacheName);
    const cached = await cache.match(request);
    if (cached) return cached;
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  };
}

/** The network's answer (within `timeoutMs`), else the last cached one. */
export function networkFirst(cacheName: string, timeoutMs: number): Handler {
  return async ({ request, event }) => {
    const cache = await caches.open(cacheName);
    try {
      const response = await withTimeout(fetch(request), timeoutMs);
      if (response.ok) event.waitUntil(cache.put(request, response.clone()));
      return response;
    } catch (error) {
      const cached = await cache.match(request);
      if (cached) return cached;
      throw error;
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
