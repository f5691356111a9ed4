import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { Config } from '../config';
import { parseKeyRings, type KeyRings } from '../providers/kms/key-ring-file';
import { KEY_PURPOSES } from '../providers/kms/kms-provider';

export type KeyFingerprint = {
  source: string;
  /** One SHA-256 over every key of the rings. */
  fingerprint: string;
  /** Each key as `<purpose> <id> sha256:<its SHA-256>`: a key file after a rotation still holds every key of an older backup. */
  keys: string[];
};

/**
 * The server's keys as the key source holds them (KEYS_JSON, else the key file), read only: unlike
 * the server's start, nothing is made when they are missing. Undefined when there are none.
 */
function readRings(config: Pick<Config, 'keysJson' | 'keyFile'>): { source: string; rings: KeyRings } | undefined {
  if (config.keysJson) return { source: 'KEYS_JSON', rings: parseKeyRings(config.keysJson, 'KEYS_JSON') };
  if (!config.keyFile || !existsSync(config.keyFile)) return undefined;
  const source = `key file ${config.keyFile}`;
  return { source, rings: parseKeyRings(readFileSync(config.keyFile, 'utf8'), source) };
}

/**
 * SHA-256s of every key of the rings the data depends on (Aadhaar numbers, file links, the sealed
 * outbox), by purpose and id: the same keys give the same fingerprint wherever they are kept (a
 * file or KEYS_JSON, any order); the webhooks beside them in the file are configuration and do
 * not count. One-way: a key is 32 random bytes, its hash gives nothing of it.
 */
export function keyFingerprint(config: Pick<Config, 'keysJson' | 'keyFile'>): KeyFingerprint | undefined {
  const read = readRings(config);
  if (!read) return undefined;
  const keys: string[] = [];
  for (const purpose of KEY_PURPOSES) {
    for (const [id, key] of read.rings[purpose]?.keys ?? [])
      keys.push(`${purpose} ${id} sha256:${createHash('sha256').update(key).digest('hex')}`);
  }
  keys.sort();
  const fingerprint = createHash('sha256').update('sahyog key fingerprint v1\n').update(keys.join('\n')).digest('hex');
  return { source: read.source, fingerprint: `sha256:${fingerprint}`, keys };
}
