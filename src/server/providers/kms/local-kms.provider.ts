import { createHash } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import { freshRing, parseKeyRings, serializeKeyRings, withKey, type KeyRings } from './key-ring-file';
import { KEY_PURPOSES, KeyConfigurationError, type KeyPurpose, type KmsProvider, type ServerKeys } from './kms-provider';

export type LocalKmsOptions = {
  /** The key rings as JSON (KEYS_JSON): read only, wins over the file. */
  keysJson?: string;
  /** A key file (KEY_FILE); outside production it is made, with fresh keys, when missing. */
  keyFile?: string;
  production: boolean;
};

/** The id a key moved out of the database gets: stable, so a second move of the same key adds nothing. */
export const legacyKeyId = (key: Buffer) => `legacy-${createHash('sha256').update(key).digest('hex').slice(0, 8)}`;

/** Written whole or not at all, readable by its owner only, on disk before the database drops its copy. */
function writeKeyFile(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const partial = `${path}.${process.pid}.tmp`;
  const fd = openSync(partial, 'w', 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(partial, path);
  const dir = openSync(dirname(path), 'r');
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** What a key file holds beside the rings (the tenants' webhooks): kept when the rings are written. */
function othersIn(path: string): Record<string, unknown> {
  if (!existsSync(path)) return {};
  try {
    const json = JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(json).filter(([name]) => !(KEY_PURPOSES as readonly string[]).includes(name)));
  } catch {
    return {};
  }
}

/** The keys of a process with no key source (see below): shared by every app it builds on one database. */
let processRings: KeyRings | undefined;

/**
 * The local key source, the default: KEYS_JSON, else a key file. Without either (only a test that
 * builds the app itself gets there: outside production the configuration always names a key
 * file) the keys live in memory for the life of the process.
 */
export function createLocalKms(options: LocalKmsOptions): KmsProvider {
  const { keysJson, keyFile, production } = options;
  const source = keysJson ? 'KEYS_JSON' : keyFile ? `key file ${keyFile}` : 'keys in memory';

  const read = (): KeyRings => {
    if (keysJson) return parseKeyRings(keysJson, 'KEYS_JSON');
    if (keyFile) return existsSync(keyFile) ? parseKeyRings(readFileSync(keyFile, 'utf8'), source) : {};
    return production ? {} : { ...processRings };
  };
  const write = (rings: KeyRings) => {
    if (keyFile) writeKeyFile(keyFile, serializeKeyRings(rings, othersIn(keyFile)));
    else if (!keysJson) processRings = rings;
  };

  return {
    source,
    async loadKeys() {
      const rings = read();
      const missing = KEY_PURPOSES.filter((purpose) => !rings[purpose]);
      if (missing.length === 0) return rings as ServerKeys;
      if (production || keysJson) {
        throw new KeyConfigurationError(
          `no ${missing.join(' or ')} key in ${keysJson || keyFile ? source : 'the configuration'}: set KEY_FILE to a key file or KEYS_JSON to the key rings (docs/security-and-keys.md, "Keys")`,
        );
      }
      for (const purpose of missing) rings[purpose] = freshRing();
      write(rings);
      return rings as ServerKeys;
    },
    async adoptKeys(found: ReadonlyMap<KeyPurpose, Buffer>) {
      const rings = read();
      let changed = false;
      for (const [purpose, key] of found) {
        const id = legacyKeyId(key);
        if (rings[purpose]?.keys.get(id)?.equals(key)) continue;
        if (keysJson) {
          throw new KeyConfigurationError(
            `the database still holds the ${purpose} key (id ${id}), which KEYS_JSON lacks: start once with KEY_FILE set and KEYS_JSON unset, so the key moves into that file, then use the file or copy it into KEYS_JSON`,
          );
        }
        if (production && !keyFile) {
          throw new KeyConfigurationError(
            `the database still holds the ${purpose} key: set KEY_FILE to where it should be moved (docs/security-and-keys.md, "Keys")`,
          );
        }
        rings[purpose] = withKey(rings[purpose], id, key);
        changed = true;
      }
      if (changed) write(rings);
    },
  };
}
