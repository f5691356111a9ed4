import { useSyncExternalStore } from 'react';

// A counter, so overlapping operations keep the overlay until the last one ends.
let pending = 0;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of [...listeners]) listener();
}

export function isLoading(): boolean {
  return pending > 0;
}

export function startLoading(): () => void {
  pending += 1;
  emit();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    pending = Math.max(0, pending - 1);
    emit();
  };
}

/** Shows the full-screen overlay while `work` runs. */
export async function withLoading<T>(work: () => Promise<T>): Promise<T> {
  const stop = startLoading();
  try {
    return await work();
  } finally {
    stop();
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useLoading(): boolean {
  return useSyncExternalStore(subscribe, isLoading, isLoading);
}
