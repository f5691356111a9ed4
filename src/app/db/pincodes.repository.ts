import type { SahyogDb } from './db';

/** The server's compact directory: district and state names, and per pincode their indexes. */
export type PincodeDirectory = { count: number; states: string[]; districts: string[]; pins: Record<string, [number, number]> };
export type PincodePlace = { city: string; district: string; state: string };

const KEY = 'pincode-directory';
let cached: PincodeDirectory | undefined;

/** Fetches the directory once per device (after sign-in) and keeps it in `lookups`. */
export async function ensurePincodeDirectory(db: SahyogDb, fetchDirectory: () => Promise<PincodeDirectory | null>): Promise<boolean> {
  if (await db.lookups.get(KEY)) return true;
  const directory = await fetchDirectory().catch(() => null);
  if (!directory || typeof directory.pins !== 'object') return false;
  await db.lookups.put({ key: KEY, value: directory, updatedAt: Date.now() });
  cached = directory;
  return true;
}

/** City (the district, as the server answers), district and state, from the device; undefined if unknown there. */
export async function lookupPincodeOnDevice(db: SahyogDb, pincode: string): Promise<PincodePlace | undefined> {
  cached ??= (await db.lookups.get(KEY))?.value as PincodeDirectory | undefined;
  const entry = cached?.pins[pincode];
  if (!cached || !entry) return undefined;
  const district = cached.districts[entry[0]]!;
  return { city: district, district, state: cached.states[entry[1]]! };
}

/** For tests and for a device whose directory was replaced. */
export function forgetCachedPincodeDirectory(): void {
  cached = undefined;
}
