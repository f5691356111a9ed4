import { isProduction, type Config } from '../config';
import type { Db } from '../db/client';
import { createLocalKms } from '../providers/kms/local-kms.provider';
import type { KeyRing, KmsProvider, ServerKeys } from '../providers/kms/kms-provider';
import { reencryptAadhaar } from './aadhaar-reencrypt';

/** The keys of the server (app.secrets), loaded once at start-up from the key source. */
export type ServerSecrets = {
  /** Signs the short-lived file links (file-url.ts). */
  fileUrl: KeyRing;
  /** Encrypts the full Aadhaar numbers kept on applications (aadhaar-crypto.ts). */
  aadhaarKey: KeyRing;
  /** Opens the sealed outbox: each key is a P-256 private scalar, its public half served to the app (outbox-key.ts). */
  outboxKey: KeyRing;
};

export const secretsOf = (keys: ServerKeys): ServerSecrets => ({
  fileUrl: keys['file-link'],
  aadhaarKey: keys.aadhaar,
  outboxKey: keys.outbox,
});

/** The configured key source (KMS_PROVIDER; the local one is the only one so far). */
export function createKmsProvider(config: Pick<Config, 'kmsProvider' | 'keyFile' | 'keysJson' | 'nodeEnv'>): KmsProvider {
  switch (config.kmsProvider) {
    case 'local':
      return createLocalKms({ keysJson: config.keysJson, keyFile: config.keyFile, production: isProduction(config) });
  }
}

/** Reads the keys, and re-encrypts what is not sealed under the current Aadhaar key (after a move or a rotation). */
export async function loadServerKeys(db: Db, kms: KmsProvider): Promise<ServerSecrets> {
  const keys = await kms.loadKeys();
  await reencryptAadhaar(db, keys.aadhaar);
  return secretsOf(keys);
}
