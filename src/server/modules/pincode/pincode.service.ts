import { readFileSync } from 'node:fs';

type Directory = { count: number; states: string[]; districts: string[]; pins: Record<string, [number, number]> };
export type PincodePlace = { city: string; district: string; state: string };

let directory: Directory | undefined;

/** The compact directory built by scripts/build-pincodes.mjs, read once on first use. */
function load(): Directory {
  directory ??= JSON.parse(readFileSync(new URL('../../data/pincodes.json', import.meta.url), 'utf8')) as Directory;
  return directory;
}

/** City (the district, as Indian forms use it), district and state of a pincode; undefined if unknown. */
export function lookupPincode(pincode: string): PincodePlace | undefined {
  const dir = load();
  const entry = dir.pins[pincode];
  if (!entry) return undefined;
  const district = dir.districts[entry[0]]!;
  return { city: district, district, state: dir.states[entry[1]]! };
}
