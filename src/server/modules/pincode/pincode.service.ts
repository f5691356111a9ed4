import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { serverFile } from '../../paths';

type Directory = { count: number; states: string[]; districts: string[]; pins: Record<string, [number, number]> };
export type PincodePlace = { city: string; district: string; state: string };

let raw: { text: string; gzip: Buffer; etag: string } | undefined;
let directory: Directory | undefined;

/** The compact directory file built by scripts/build-pincodes.mjs, read once on first use. */
export function directoryFile(): { text: string; gzip: Buffer; etag: string } {
  if (!raw) {
    const text = readFileSync(serverFile('data', 'pincodes.json'), 'utf8');
    raw = { text, gzip: gzipSync(text, { level: 9 }), etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 22)}"` };
  }
  return raw;
}

function load(): Directory {
  directory ??= JSON.parse(directoryFile().text) as Directory;
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
