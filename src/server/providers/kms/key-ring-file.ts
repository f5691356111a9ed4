import { isObject } from '../../../domain/shared/is-object';
import { randomBytes } from 'node:crypto';
import { KEY_BYTES, KEY_ID_PATTERN, KEY_PURPOSES, KeyConfigurationError, type KeyPurpose, type KeyRing } from './kms-provider';

/**
 * The key rings as text (a key file, or the KEYS_JSON variable):
 * `{"aadhaar": {"current": "k1", "keys": {"k1": "<32 bytes, base64url>"}}, "file-link": {...}}`.
 */
export type KeyRingsJson = Partial<Record<KeyPurpose, { current: string; keys: Record<string, string> }>>;

export type KeyRings = Partial<Record<KeyPurpose, KeyRing>>;

function parseRing(purpose: KeyPurpose, value: unknown, source: string): KeyRing {
  const bad = (why: string) => new KeyConfigurationError(`${source}: the "${purpose}" key ring ${why}`);
  if (!value || typeof value !== 'object') throw bad('must be an object with "current" and "keys"');
  const { current, keys } = value as { current?: unknown; keys?: unknown };
  if (!isObject(keys)) throw bad('needs "keys": {"<id>": "<base64url>"}');
  const ring = new Map<string, Buffer>();
  for (const [id, text] of Object.entries(keys)) {
    if (!KEY_ID_PATTERN.test(id)) throw bad(`has a key id "${id.slice(0, 40)}" that is not 1-40 letters, digits or "-"`);
    const key = typeof text === 'string' ? Buffer.from(text, 'base64url') : Buffer.alloc(0);
    if (key.length !== KEY_BYTES) throw bad(`key "${id}" must be ${KEY_BYTES} bytes, base64url`);
    ring.set(id, key);
  }
  if (typeof current !== 'string' || !ring.has(current)) throw bad('needs "current" naming one of its keys');
  return { current, keys: ring };
}

export function parseKeyRings(text: string, source: string): KeyRings {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new KeyConfigurationError(`${source} is not valid JSON`);
  }
  if (!isObject(json)) throw new KeyConfigurationError(`${source} must be a JSON object`);
  const rings: KeyRings = {};
  for (const purpose of KEY_PURPOSES) {
    const value = (json as Record<string, unknown>)[purpose];
    if (value !== undefined) rings[purpose] = parseRing(purpose, value, source);
  }
  return rings;
}

/** The rings as key-file text; `others` are the file's other members (the webhooks), kept as they were. */
export function serializeKeyRings(rings: KeyRings, others: Record<string, unknown> = {}): string {
  const json: KeyRingsJson & Record<string, unknown> = { ...others };
  for (const purpose of KEY_PURPOSES) {
    const ring = rings[purpose];
    if (!ring) continue;
    json[purpose] = { current: ring.current, keys: Object.fromEntries([...ring.keys].map(([id, key]) => [id, key.toString('base64url')])) };
  }
  return `${JSON.stringify(json, null, 2)}\n`;
}

/** A new ring of one random key (a development key file, a test). */
export function freshRing(): KeyRing {
  const id = `k${Date.now().toString(36)}`;
  return { current: id, keys: new Map([[id, randomBytes(KEY_BYTES)]]) };
}

/** A ring with one more key; the key becomes current only when the ring had none. */
export function withKey(ring: KeyRing | undefined, id: string, key: Buffer): KeyRing {
  if (!ring) return { current: id, keys: new Map([[id, key]]) };
  if (ring.keys.has(id)) return ring;
  return { current: ring.current, keys: new Map([...ring.keys, [id, key]]) };
}
