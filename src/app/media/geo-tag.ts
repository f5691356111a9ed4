import type { GeoTag } from '../db/records';

/** The spec's default when no position is found: 0, 0 (marked, so the UI can say so). */
export const NO_GEO_TAG: GeoTag = { latitude: 0, longitude: 0, unavailable: true };

/** Current position for a geo-tagged photo; never rejects, never waits more than `timeoutMs`. */
export function getGeoTag(timeoutMs = 10_000): Promise<GeoTag> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(NO_GEO_TAG);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ latitude: pos.coords.latitude, longitude: pos.coords.longitude, accuracy: pos.coords.accuracy }),
      () => resolve(NO_GEO_TAG),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    );
  });
}
