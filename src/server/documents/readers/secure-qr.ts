import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { unzipSync } from 'node:zlib';

/**
 * What the front of an Aadhaar card says, as its Secure QR carries it and the borrower form
 * fills it (DECISIONS "Public applicant flow"): DOB as DD-MM-YYYY, gender M/F/T, the street part
 * of the address apart from the place (pincode, city or village, district, state). `source`
 * says how it was read: 'QR', the signed Secure QR, or 'OCR', the printed text (printed-front.ts:
 * unsigned, a prefill only; its fields not printed on the card are empty).
 */
export type AadhaarFrontData = {
  source: 'QR' | 'OCR';
  name: string;
  dob: string;
  gender: 'M' | 'F' | 'T';
  care_of: string;
  address: string;
  landmark: string;
  pincode: string;
  city: string;
  district: string;
  state: string;
};

/** UIDAI's RSA-2048 signature closes the decompressed data: its last 256 bytes sign the rest (SHA-256). */
const SIGNATURE_BYTES = 256;
const SEPARATOR = 255;
/** The text fields after the version (when present): indicator, reference id, then these in order. */
const FIELDS = [
  'indicator',
  'reference_id',
  'name',
  'dob',
  'gender',
  'care_of',
  'district',
  'landmark',
  'house',
  'location',
  'pincode',
  'post_office',
  'state',
  'street',
  'sub_district',
  'vtc',
] as const;
type Field = (typeof FIELDS)[number];
/** A QR is at most ~7,000 digits; a longer text is not a Secure QR (and BigInt work stays small). */
const MAX_DIGITS = 8_000;
/** The decompressed data is a few KB with the photo; more is refused (a zip bomb). */
const MAX_DATA_BYTES = 64 * 1024;

export const secureQrKey = (pem: string): KeyObject => createPublicKey(pem);

/** The QR's decimal text as the big-endian bytes of that integer. */
function digitsToBytes(digits: string): Buffer {
  const hex = BigInt(digits).toString(16);
  return Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
}

function decompress(bytes: Buffer): Buffer | null {
  try {
    // unzip reads a gzip or a zlib header (cards are gzip; both are accepted).
    return unzipSync(bytes, { maxOutputLength: MAX_DATA_BYTES });
  } catch {
    return null;
  }
}

/** The text fields before the photo: split at byte 255, in the card's order. */
function textFields(data: Buffer): Partial<Record<Field, string>> {
  const parts: string[] = [];
  let start = 0;
  // Only the first fields are text (the photo and hashes follow and may hold byte 255 themselves).
  for (let i = 0; i < data.length && parts.length < FIELDS.length + 1; i++) {
    if (data[i] !== SEPARATOR) continue;
    parts.push(data.subarray(start, i).toString('utf8'));
    start = i + 1;
  }
  if (parts.length < FIELDS.length + 1 && start < data.length) parts.push(data.subarray(start).toString('utf8'));
  // The V2 and later layouts start with their version ("V2"); the first one does not.
  const values = /^V\d+$/.test(parts[0] ?? '') ? parts.slice(1) : parts;
  return Object.fromEntries(FIELDS.map((field, i) => [field, (values[i] ?? '').trim()]));
}

const joined = (...parts: (string | undefined)[]) => {
  const seen = new Set<string>();
  return parts
    .map((p) => (p ?? '').trim())
    .filter((p) => p && !seen.has(p.toLowerCase()) && seen.add(p.toLowerCase()))
    .join(', ');
};

/**
 * Reads a Secure QR's text: a decimal integer whose bytes are compressed data closed by the
 * signature. Null when it is not one, its signature does not check against `key`, or its
 * fields are not a card's (no name, no DD-MM-YYYY date of birth, no gender).
 */
export function readSecureQr(text: string, key: KeyObject): AadhaarFrontData | null {
  const digits = text.trim();
  if (!/^[0-9]+$/.test(digits) || digits.length > MAX_DIGITS) return null;
  const data = decompress(digitsToBytes(digits));
  if (!data || data.length <= SIGNATURE_BYTES) return null;
  const signed = data.subarray(0, data.length - SIGNATURE_BYTES);
  const signature = data.subarray(data.length - SIGNATURE_BYTES);
  let valid = false;
  try {
    valid = verify('sha256', signed, key, signature);
  } catch {
    valid = false;
  }
  if (!valid) return null;
  const f = textFields(signed);
  const gender = f.gender?.toUpperCase();
  if (!f.name || !/^\d{2}-\d{2}-\d{4}$/.test(f.dob ?? '') || (gender !== 'M' && gender !== 'F' && gender !== 'T')) return null;
  return {
    source: 'QR',
    name: f.name,
    dob: f.dob!,
    gender,
    care_of: f.care_of ?? '',
    address: joined(f.house, f.street, f.location, f.post_office),
    landmark: f.landmark ?? '',
    pincode: /^[1-9][0-9]{5}$/.test(f.pincode ?? '') ? f.pincode! : '',
    city: f.vtc || f.sub_district || '',
    district: f.district ?? '',
    state: f.state ?? '',
  };
}
