/**
 * Where the server's keys come from (ARCHITECTURE: never from the database). Each purpose has a
 * key ring: every key by its id, and the current one that encrypts or signs. A ciphertext or a
 * signature names its key id, so a key can be rotated: add a new one, make it current, and what
 * the old one sealed still opens (start-up re-encrypts the Aadhaar numbers under the current key).
 */
export const KEY_PURPOSES = ['aadhaar', 'file-link', 'outbox'] as const;
export type KeyPurpose = (typeof KEY_PURPOSES)[number];

export type KeyRing = { current: string; keys: ReadonlyMap<string, Buffer> };
export type ServerKeys = Record<KeyPurpose, KeyRing>;

/** Key ids are plain words: they are written into ciphertexts and links, and matched with LIKE. */
export const KEY_ID_PATTERN = /^[A-Za-z0-9-]{1,40}$/;
export const KEY_BYTES = 32;

export type KmsProvider = {
  /** Names the source in start-up messages ("key file .keys/keys.json"). */
  readonly source: string;
  /** The key rings, read once at start-up; throws (a start-up error) when a key is missing. */
  loadKeys(): Promise<ServerKeys>;
  /**
   * Takes keys that were kept in the database (the one-time move out of it) into the rings,
   * durably, before the database forgets them; throws when this source cannot keep them.
   */
  adoptKeys(found: ReadonlyMap<KeyPurpose, Buffer>): Promise<void>;
};

export class KeyConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KeyConfigurationError';
  }
}

export function keyOf(ring: KeyRing, id: string): Buffer | undefined {
  return ring.keys.get(id);
}

export function currentKey(ring: KeyRing): { id: string; key: Buffer } {
  return { id: ring.current, key: ring.keys.get(ring.current)! };
}
