import type { RecordValues } from '../../../domain';
import type { KeyRing } from '../../providers/kms/kms-provider';
import { decryptAadhaar, encryptAadhaar } from '../../keys/aadhaar-crypto';

/** The fields of a record's values that hold a full Aadhaar number: kept sealed in its versions, as on applications. */
const SEALED_FIELDS = new Set(['aadhaar']);
const SEALED_MARK = '$aadhaar';

const isFullAadhaar = (value: unknown): value is string => typeof value === 'string' && /^\d{12}$/.test(value);

/** A version's values as stored: each full Aadhaar number sealed under the current Aadhaar key. */
export function sealValues(ring: KeyRing, values: RecordValues): RecordValues {
  const out: RecordValues = { ...values };
  for (const field of SEALED_FIELDS) if (isFullAadhaar(out[field])) out[field] = { [SEALED_MARK]: encryptAadhaar(ring, out[field]) };
  return out;
}

/** A stored version's values opened; a number sealed under a key no longer in the ring stays sealed (it then differs from any value). */
export function openValues(ring: KeyRing, stored: RecordValues): RecordValues {
  const out: RecordValues = { ...stored };
  for (const field of SEALED_FIELDS) {
    const value = out[field] as { [SEALED_MARK]?: unknown } | undefined;
    if (!value || typeof value !== 'object' || typeof value[SEALED_MARK] !== 'string') continue;
    try {
      out[field] = decryptAadhaar(ring, value[SEALED_MARK]);
    } catch {
      // Left sealed.
    }
  }
  return out;
}
