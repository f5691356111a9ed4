/**
 * The device's data key: a random AES-GCM key that seals borrower data at rest. It is stored only
 * wrapped by a key derived from the officer's 6-digit PIN (PBKDF2-SHA-256), and, where the officer
 * turned on fingerprint or face unlock, a second time by a key derived from the phone's WebAuthn
 * PRF secret (HKDF-SHA-256). It is held unwrapped in memory, non-extractable, while the app is unlocked.
 */

/**
 * PBKDF2 work factor. Measured by bench/device-vault.bench.ts: about 0.5 s on a mid-range phone,
 * taken as this machine's Chromium at 4x CPU slowdown (docs/security-and-keys.md "Device encryption").
 */
export const PIN_ITERATIONS = 250_000;

export const PIN_PATTERN = /^\d{6}$/;

/** What the device keeps of the data key: never the key itself. */
export type WrappedDataKey = {
  salt: Uint8Array;
  iv: Uint8Array;
  wrapped: ArrayBuffer;
  iterations: number;
};

export class WrongPinError extends Error {
  constructor() {
    super('Wrong PIN');
    this.name = 'WrongPinError';
  }
}

const DATA_KEY_ALGORITHM = { name: 'AES-GCM', length: 256 } as const;

function randomBytes(length: number): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(length));
}

async function pinKey(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<CryptoKey> {
  if (!PIN_PATTERN.test(pin)) throw new WrongPinError();
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'PBKDF2', salt, iterations, hash: 'SHA-256' }, base, DATA_KEY_ALGORITHM, false, [
    'wrapKey',
    'unwrapKey',
  ]);
}

/**
 * A new random data key, wrapped under `pin`. The key returned for use is non-extractable: it is
 * generated extractable only long enough to be wrapped.
 */
export async function createDataKey(pin: string, iterations = PIN_ITERATIONS): Promise<{ key: CryptoKey; stored: WrappedDataKey }> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const wrapping = await pinKey(pin, salt, iterations);
  const fresh = await crypto.subtle.generateKey(DATA_KEY_ALGORITHM, true, ['encrypt', 'decrypt']);
  const wrapped = await crypto.subtle.wrapKey('raw', fresh, wrapping, { name: 'AES-GCM', iv });
  const stored = { salt, iv, wrapped, iterations };
  return { key: await unwrapDataKey(pin, stored), stored };
}

/**
 * The data key for `pin`, non-extractable; WrongPinError when the PIN does not open it.
 * `extractable` only to wrap it a second time (`wrapDataKeyForSecret`), never to use it.
 */
export async function unwrapDataKey(pin: string, stored: WrappedDataKey, extractable = false): Promise<CryptoKey> {
  const wrapping = await pinKey(pin, new Uint8Array(stored.salt), stored.iterations);
  // AES-GCM's tag did not match: another PIN.
  return unwrapWith(wrapping, stored, extractable, () => new WrongPinError());
}

/** The data key unwrapped by `wrapping`; `mismatch()` is thrown when the wrapping key is another. */
async function unwrapWith(
  wrapping: CryptoKey,
  stored: { wrapped: ArrayBuffer; iv: Uint8Array },
  extractable: boolean,
  mismatch: () => Error,
): Promise<CryptoKey> {
  try {
    return await crypto.subtle.unwrapKey(
      'raw',
      stored.wrapped,
      wrapping,
      { name: 'AES-GCM', iv: new Uint8Array(stored.iv) },
      DATA_KEY_ALGORITHM,
      extractable,
      ['encrypt', 'decrypt'],
    );
  } catch {
    throw mismatch();
  }
}

/**
 * The second wrapping of the same data key: under a key derived (HKDF-SHA-256) from a secret the
 * phone's platform authenticator yields on each verified assertion (WebAuthn PRF).
 */
export type SecretWrappedDataKey = {
  /** HKDF's salt. */
  salt: Uint8Array;
  iv: Uint8Array;
  wrapped: ArrayBuffer;
};

/** The secret does not open this wrapping (another credential, another PRF input). */
export class WrongSecretError extends Error {
  constructor() {
    super('The authenticator secret does not open the data key');
    this.name = 'WrongSecretError';
  }
}

const SECRET_WRAP_INFO = new TextEncoder().encode('sahyog:data-key-wrap:webauthn-prf:v1');

async function secretKey(secret: BufferSource, salt: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', secret, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey({ name: 'HKDF', hash: 'SHA-256', salt, info: SECRET_WRAP_INFO }, base, DATA_KEY_ALGORITHM, false, [
    'wrapKey',
    'unwrapKey',
  ]);
}

/**
 * The data key wrapped a second time, under `secret`. `dataKey` is the extractable copy the PIN
 * opens for this alone (`unwrapDataKey(pin, stored, true)`): the key in memory is non-extractable.
 */
export async function wrapDataKeyForSecret(dataKey: CryptoKey, secret: BufferSource): Promise<SecretWrappedDataKey> {
  const salt = randomBytes(16);
  const iv = randomBytes(12);
  const wrapped = await crypto.subtle.wrapKey('raw', dataKey, await secretKey(secret, salt), { name: 'AES-GCM', iv });
  return { salt, iv, wrapped };
}

/** The data key for `secret`, non-extractable; WrongSecretError when the secret does not open it. */
export async function unwrapDataKeyWithSecret(secret: BufferSource, stored: SecretWrappedDataKey): Promise<CryptoKey> {
  const wrapping = await secretKey(secret, new Uint8Array(stored.salt));
  return unwrapWith(wrapping, stored, false, () => new WrongSecretError());
}
