import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { currentKey, type KeyRing } from '../providers/kms/kms-provider';

// The full Aadhaar number is kept only encrypted (DECISIONS.md): AES-256-GCM under the current key
// of the "aadhaar" ring (from configuration, never the database), a fresh 96-bit IV each time;
// stored as `v2.<key id>.<iv>.<tag>.<ciphertext>` (base64url). `v1.<iv>.<tag>.<ciphertext>` was
// sealed under the key the database used to hold; start-up re-encrypts those (aadhaar-reencrypt.ts).

const b64 = (part: Buffer) => part.toString('base64url');

export function encryptAadhaar(ring: KeyRing, aadhaar: string): string {
  const { id, key } = currentKey(ring);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(aadhaar, 'utf8'), cipher.final()]);
  return ['v2', id, b64(iv), b64(cipher.getAuthTag()), b64(sealed)].join('.');
}

function open(key: Buffer, iv: string, tag: string, sealed: string): string {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}

/** The key id a stored value was sealed under ('' for the old format, which names none). */
export const aadhaarKeyIdOf = (stored: string): string => (stored.startsWith('v2.') ? (stored.split('.')[1] ?? '') : '');

export function decryptAadhaar(ring: KeyRing, stored: string): string {
  const parts = stored.split('.');
  if (parts[0] === 'v2' && parts.length === 5) {
    const key = ring.keys.get(parts[1]!);
    if (!key) throw new Error(`the Aadhaar key "${parts[1]}" is not in the key ring`);
    return open(key, parts[2]!, parts[3]!, parts[4]!);
  }
  if (parts[0] === 'v1' && parts.length === 4) {
    // The old format names no key: the GCM tag tells which of the ring's keys sealed it.
    for (const key of ring.keys.values()) {
      try {
        return open(key, parts[1]!, parts[2]!, parts[3]!);
      } catch {
        // not this key
      }
    }
    throw new Error('no key of the Aadhaar key ring opens this v1 ciphertext');
  }
  throw new Error('unknown Aadhaar ciphertext format');
}
