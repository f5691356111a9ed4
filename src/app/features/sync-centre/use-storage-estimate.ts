import { useEffect, useState } from 'react';

export type StorageEstimateView = { usage: number; quota: number } | null;

/** Above this share of the quota the sync centre warns. */
export const STORAGE_WARNING_RATIO = 0.9;

/** `navigator.storage.estimate()`, re-read when `refresh` changes; null where unsupported. */
export function useStorageEstimate(refresh: unknown): StorageEstimateView | undefined {
  const [estimate, setEstimate] = useState<StorageEstimateView>();
  useEffect(() => {
    let active = true;
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    if (!storage?.estimate) {
      setEstimate(null);
      return;
    }
    storage.estimate().then(
      (e) => active && setEstimate(e.quota ? { usage: e.usage ?? 0, quota: e.quota } : null),
      () => active && setEstimate(null),
    );
    return () => {
      active = false;
    };
  }, [refresh]);
  return estimate;
}
