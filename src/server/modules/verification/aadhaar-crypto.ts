import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

// The full Aadhaar number is kept only encrypted (DECISIONS.md): AES-256-GCM under a key from the
// server_secrets table, a fresh 96-bit IV each time; stored as `v1.<iv>.<tag>.<ciphertext>` (base64url).

export const AADHAAR_KEY_SECRET = 'aadhaar-encryption';

export function aadhaarKey(secret: string): Buffer {
  const key = Buffer.from(secret, 'base64url');
  if (key.length !== 32) throw new Error('the Aadhaar key must be 32 bytes');
  return key;
}

export function encryptAadhaar(key: Buffer, aadhaar: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(aadhaar, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export function decryptAadhaar(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !sealed) throw new Error('unknown Aadhaar ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString('utf8');
}
