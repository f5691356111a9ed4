/**
 * "Something was queued": repositories call `signalQueued()` after writing outbox entries; the
 * page's sync runtime (when it runs) drains and registers Background Sync. No listener, no-op.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function signalQueued(): void {
  for (const listener of [...listeners]) listener();
}

export function onQueued(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
